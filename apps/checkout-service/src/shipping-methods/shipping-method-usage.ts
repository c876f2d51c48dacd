import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';

/** Refuses deleting a Zone that a shipping method has a zone rate for (`ReferenceExists`). */
export async function refuseIfShippingMethodsUseZone(
  db: Queryable,
  projectKey: string,
  zoneId: string,
): Promise<void> {
  const rows = await db.query<unknown[]>(
    `SELECT 1 FROM "checkout"."shipping_methods" WHERE project_key = $1 AND doc @> $2::jsonb LIMIT 1`,
    [projectKey, JSON.stringify({ zoneRates: [{ zone: { id: zoneId } }] })],
  );
  if (rows.length > 0) throw Errors.referenceExists('zone', 'shipping-method');
}
