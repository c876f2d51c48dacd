import type { PagedQueryResponse, ProductSelectionAssignment } from '@commerce/contracts';
import { MAX_TOTAL_WITH_PREDICATE, type Queryable } from '@commerce/persistence';
import { SqlParams, compileWhere, type QueryParams, type QuerySchema } from '@commerce/query';
import { ASSIGNMENTS, PRODUCTS } from '../product-selections/assignments.repository.js';
import { pageOf } from '../shared/refs.js';

/** The fields of a ProductSelectionAssignment that `where` may name. */
export const assignmentQuerySchema: QuerySchema = {
  product: { type: 'reference' },
  productSelection: { type: 'reference' },
  variantSelection: {
    type: 'object',
    fields: { type: { type: 'string' }, skus: { type: 'array', of: { type: 'string' } } },
  },
};

/**
 * The assignments through which a Store offers products: those of its active Individual selections whose
 * product no active IndividualExclusion selection excludes entirely. $2 and $3 are the selection ids.
 */
const VISIBLE = `WITH visible AS (
  SELECT a.position, a.selection_id, a.product_id,
         jsonb_strip_nulls(jsonb_build_object(
           'product', jsonb_build_object('typeId', 'product', 'id', a.product_id),
           'productSelection', jsonb_build_object('typeId', 'product-selection', 'id', a.selection_id),
           'variantSelection', a.variant_selection)) AS doc
  FROM ${ASSIGNMENTS} a
  JOIN ${PRODUCTS} p ON p.project_key = a.project_key AND p.id = a.product_id
  WHERE a.project_key = $1 AND a.selection_id = ANY($2::text[])
    AND NOT EXISTS (
      SELECT 1 FROM ${ASSIGNMENTS} x
      WHERE x.project_key = $1 AND x.product_id = a.product_id AND x.selection_id = ANY($3::text[])
        AND x.variant_exclusion IS NULL))`;

export async function storeAssignmentsPage(
  db: Queryable,
  projectKey: string,
  selections: { individual: string[]; exclusion: string[] },
  params: QueryParams,
): Promise<PagedQueryResponse<ProductSelectionAssignment>> {
  const sql = new SqlParams(3);
  const predicate = compileWhere(params.where, params.vars, assignmentQuerySchema, sql);
  const filter = `FROM visible WHERE (${predicate})`;
  const filterValues = [projectKey, selections.individual, selections.exclusion, ...sql.values];
  const limit = sql.add(params.limit);
  const offset = sql.add(params.offset);
  const rows = await db.query<Array<{ doc: ProductSelectionAssignment }>>(
    `${VISIBLE} SELECT doc ${filter} ORDER BY position LIMIT ${limit} OFFSET ${offset}`,
    [projectKey, selections.individual, selections.exclusion, ...sql.values],
  );
  const total = params.withTotal
    ? (
        await db.query<Array<{ n: number }>>(
          params.where.length > 0
            ? `${VISIBLE} SELECT count(*)::int AS n FROM (SELECT 1 ${filter} LIMIT ${MAX_TOTAL_WITH_PREDICATE}) AS capped`
            : `${VISIBLE} SELECT count(*)::int AS n ${filter}`,
          filterValues,
        )
      )[0].n
    : undefined;
  return pageOf(
    params,
    rows.map((row) => row.doc),
    total,
  );
}
