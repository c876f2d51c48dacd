import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';

/**
 * Refuses to delete a resource that a product's current or staged data or the product itself refers to
 * (`ReferenceExists`). `usage` is the JSON a referring product document contains, at the product's level;
 * it is also looked for in `masterData.current` and `masterData.staged` when `inData` is set.
 */
export async function refuseIfProductsRefer(
  db: Queryable,
  projectKey: string,
  resource: string,
  usage: object,
  inData = false,
): Promise<void> {
  const shapes = inData ? [{ masterData: { current: usage } }, { masterData: { staged: usage } }] : [usage];
  for (const shape of shapes) {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM "catalog"."products" WHERE project_key = $1 AND doc @> $2::jsonb LIMIT 1`,
      [projectKey, JSON.stringify(shape)],
    );
    if (rows.length > 0) throw Errors.referenceExists(resource, 'product');
  }
}
