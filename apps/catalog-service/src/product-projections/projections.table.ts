import { ProductProjectionShape, type ProductProjection } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

const projectionQuerySchema = querySchemaOf(ProductProjectionShape);

/**
 * The projections as `/product-projections` reads them: two views over `product_search`, one of the staged
 * projections and one of the current projections of published products. Read only: products write them.
 */
export const projectionTables: Record<'staged' | 'current', DocumentTable<ProductProjection>> = {
  staged: new DocumentTable('"catalog"."product_projections_staged"', projectionQuerySchema),
  current: new DocumentTable('"catalog"."product_projections_current"', projectionQuerySchema),
};

export function projectionTable(staged: boolean): DocumentTable<ProductProjection> {
  return projectionTables[staged ? 'staged' : 'current'];
}
