import type { ProductSelection, RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { TransactionWork } from '@commerce/resources';
import { ASSIGNMENTS, PRODUCTS, assignments } from './assignments.repository.js';
import { productSelectionsTable } from './product-selections.table.js';

/**
 * A deleted product leaves every selection it was in, in the delete's transaction: each such selection
 * gets a new version and product count and emits ProductSelectionProductRemoved.
 */
export function removeProductFromSelections(ctx: RequestContext, productId: string): TransactionWork {
  return async (tx: Queryable, messages) => {
    const selectionIds = await assignments.removeProduct(tx, ctx.projectKey, productId);
    if (selectionIds.length === 0) return;
    const now = new Date().toISOString();
    const rows = await tx.query<Array<{ doc: ProductSelection }>>(
      `WITH changed AS (UPDATE "catalog"."product_selections" s
       SET version = s.version + 1, last_modified_at = $3::timestamptz,
           doc = s.doc || jsonb_build_object(
             'version', s.version + 1,
             'lastModifiedAt', $4::text,
             'productCount', (SELECT count(*) FROM ${ASSIGNMENTS} a
                              JOIN ${PRODUCTS} p ON p.project_key = a.project_key AND p.id = a.product_id
                              WHERE a.project_key = s.project_key AND a.selection_id = s.id))
       WHERE s.project_key = $1 AND s.id = ANY($2::text[])
       RETURNING s.doc)
       SELECT doc FROM changed`,
      [ctx.projectKey, selectionIds, now, now],
    );
    for (const { doc } of rows) {
      const identifiers = doc.key ? { key: doc.key } : undefined;
      await messages.append(
        tx,
        {
          typeId: 'product-selection',
          id: doc.id,
          version: doc.version,
          identifiers,
          table: productSelectionsTable.table,
        },
        [{ type: 'ProductSelectionProductRemoved', product: { typeId: 'product', id: productId } }],
      );
    }
  };
}
