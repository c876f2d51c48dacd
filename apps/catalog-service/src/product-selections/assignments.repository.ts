import type { ProductVariantExclusion, ProductVariantSelection } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';

export const ASSIGNMENTS = '"catalog"."product_selection_assignments"';
export const PRODUCTS = '"catalog"."products"';

/** One product in one selection, with its variant selection (mode Individual) or exclusion (IndividualExclusion). */
export interface Assignment {
  selectionId: string;
  productId: string;
  variantSelection?: ProductVariantSelection;
  variantExclusion?: ProductVariantExclusion;
  createdAt: string;
}

interface AssignmentRow {
  selection_id: string;
  product_id: string;
  variant_selection: ProductVariantSelection | null;
  variant_exclusion: ProductVariantExclusion | null;
  created_at: Date | string;
}

export interface Paging {
  limit: number;
  offset: number;
  withTotal: boolean;
}

export const COLUMNS = 'a.selection_id, a.product_id, a.variant_selection, a.variant_exclusion, a.created_at';

export function assignmentOf(row: AssignmentRow): Assignment {
  return {
    selectionId: row.selection_id,
    productId: row.product_id,
    ...(row.variant_selection ? { variantSelection: row.variant_selection } : {}),
    ...(row.variant_exclusion ? { variantExclusion: row.variant_exclusion } : {}),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The assignments of products to selections. Listings join the products table, so an assignment can never
 * show a product that is gone; every statement filters by project.
 */
export const assignments = {
  async find(db: Queryable, projectKey: string, selectionId: string, productId: string) {
    const rows = await db.query<AssignmentRow[]>(
      `SELECT ${COLUMNS} FROM ${ASSIGNMENTS} a WHERE a.project_key = $1 AND a.selection_id = $2 AND a.product_id = $3`,
      [projectKey, selectionId, productId],
    );
    return rows[0] && assignmentOf(rows[0]);
  },

  async insert(db: Queryable, projectKey: string, assignment: Omit<Assignment, 'createdAt'>): Promise<void> {
    await db.query(
      `INSERT INTO ${ASSIGNMENTS} (project_key, selection_id, product_id, variant_selection, variant_exclusion, created_at)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp())`,
      [
        projectKey,
        assignment.selectionId,
        assignment.productId,
        assignment.variantSelection ?? null,
        assignment.variantExclusion ?? null,
      ],
    );
  },

  async setVariants(
    db: Queryable,
    projectKey: string,
    assignment: Omit<Assignment, 'createdAt'>,
  ): Promise<void> {
    await db.query(
      `UPDATE ${ASSIGNMENTS} SET variant_selection = $4, variant_exclusion = $5
       WHERE project_key = $1 AND selection_id = $2 AND product_id = $3`,
      [
        projectKey,
        assignment.selectionId,
        assignment.productId,
        assignment.variantSelection ?? null,
        assignment.variantExclusion ?? null,
      ],
    );
  },

  async remove(db: Queryable, projectKey: string, selectionId: string, productId: string): Promise<void> {
    await db.query(
      `DELETE FROM ${ASSIGNMENTS} WHERE project_key = $1 AND selection_id = $2 AND product_id = $3`,
      [projectKey, selectionId, productId],
    );
  },

  /** How many existing products a selection holds. */
  async count(db: Queryable, projectKey: string, selectionId: string): Promise<number> {
    const [{ n }] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${ASSIGNMENTS} a
       JOIN ${PRODUCTS} p ON p.project_key = a.project_key AND p.id = a.product_id
       WHERE a.project_key = $1 AND a.selection_id = $2`,
      [projectKey, selectionId],
    );
    return n;
  },

  async removeSelection(db: Queryable, projectKey: string, selectionId: string): Promise<void> {
    await db.query(`DELETE FROM ${ASSIGNMENTS} WHERE project_key = $1 AND selection_id = $2`, [
      projectKey,
      selectionId,
    ]);
  },

  /** Takes a product out of every selection; answers the selections it was in. */
  async removeProduct(db: Queryable, projectKey: string, productId: string): Promise<string[]> {
    const rows = await db.query<Array<{ selection_id: string }>>(
      `WITH gone AS (DELETE FROM ${ASSIGNMENTS} WHERE project_key = $1 AND product_id = $2 RETURNING selection_id)
       SELECT selection_id FROM gone`,
      [projectKey, productId],
    );
    return rows.map((row) => row.selection_id);
  },

  /** A product's assignments in some selections (availability in a Store). */
  async ofProductIn(db: Queryable, projectKey: string, productId: string, selectionIds: string[]) {
    if (selectionIds.length === 0) return [];
    const rows = await db.query<AssignmentRow[]>(
      `SELECT ${COLUMNS} FROM ${ASSIGNMENTS} a
       WHERE a.project_key = $1 AND a.product_id = $2 AND a.selection_id = ANY($3::text[])`,
      [projectKey, productId, selectionIds],
    );
    return rows.map(assignmentOf);
  },

  /** One page of a selection's products, or of a product's selections, in the order they were assigned. */
  async page(
    db: Queryable,
    projectKey: string,
    by: { selectionId: string } | { productId: string },
    paging: Paging,
  ) {
    const [column, value, order] =
      'selectionId' in by
        ? ['a.selection_id', by.selectionId, 'a.position']
        : ['a.product_id', by.productId, 'a.position'];
    const filter = `FROM ${ASSIGNMENTS} a JOIN ${PRODUCTS} p ON p.project_key = a.project_key AND p.id = a.product_id
       WHERE a.project_key = $1 AND ${column} = $2`;
    const rows = await db.query<AssignmentRow[]>(
      `SELECT ${COLUMNS} ${filter} ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [projectKey, value, paging.limit, paging.offset],
    );
    const total = paging.withTotal
      ? (await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n ${filter}`, [projectKey, value]))[0]
          .n
      : undefined;
    return { assignments: rows.map(assignmentOf), total };
  },
};
