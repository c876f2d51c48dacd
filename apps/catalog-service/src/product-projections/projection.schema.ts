import { baseResourceSpec, type QuerySchema } from '@commerce/query';
import { productDataSpec, reviewRatingStatisticsSpec } from '../products/product.schema.js';

/** The fields of a ProductProjection that `where` and `sort` may name. */
export const projectionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  ...(productDataSpec.type === 'object' ? productDataSpec.fields : {}),
  productType: { type: 'reference' },
  taxCategory: { type: 'reference' },
  state: { type: 'reference' },
  priceMode: { type: 'string' },
  reviewRatingStatistics: reviewRatingStatisticsSpec,
  published: { type: 'boolean' },
  hasStagedChanges: { type: 'boolean' },
  metaTitle: { type: 'localizedString' },
  metaDescription: { type: 'localizedString' },
  metaKeywords: { type: 'localizedString' },
};
