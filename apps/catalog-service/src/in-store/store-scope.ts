import type { Queryable } from '@commerce/persistence';
import { availabilityScope, type AvailabilityScope } from './availability.js';

/** Which products a Store offers, from its product selection settings and the selections' modes. */
export async function storeScope(
  db: Queryable,
  projectKey: string,
  settings: readonly { productSelection: { id: string }; active: boolean }[],
): Promise<AvailabilityScope> {
  const ids = settings.map((setting) => setting.productSelection.id);
  const rows = await db.query<Array<{ id: string; mode: 'Individual' | 'IndividualExclusion' }>>(
    `SELECT id, doc->>'mode' AS mode FROM "catalog"."product_selections" WHERE project_key = $1 AND id = ANY($2::text[])`,
    [projectKey, ids],
  );
  const modes = new Map(rows.map((row) => [row.id, row.mode]));
  return availabilityScope(
    settings
      .filter((setting) => modes.has(setting.productSelection.id))
      .map((setting) => ({
        selectionId: setting.productSelection.id,
        active: setting.active,
        mode: modes.get(setting.productSelection.id)!,
      })),
  );
}
