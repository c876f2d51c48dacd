import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';

/** The catalog tables whose resources can carry custom fields, and their reference type ids. */
const CUSTOMIZABLE = [
  ['channels', 'channel'],
  ['customer_groups', 'customer-group'],
  ['product_selections', 'product-selection'],
] as const;

/** A Type that a catalog resource's custom fields use can not be deleted (`ReferenceExists`). */
export async function refuseIfCatalogRefers(
  db: Queryable,
  projectKey: string,
  typeId: string,
): Promise<void> {
  const usage = JSON.stringify({ custom: { type: { id: typeId } } });
  for (const [table, referencedBy] of CUSTOMIZABLE) {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM "catalog"."${table}" WHERE project_key = $1 AND doc @> $2::jsonb LIMIT 1`,
      [projectKey, usage],
    );
    if (rows.length > 0) throw Errors.referenceExists('type', referencedBy);
  }
}
