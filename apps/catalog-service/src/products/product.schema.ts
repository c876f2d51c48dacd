import { baseResourceSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

const variantSpec: FieldSpec = {
  type: 'object',
  fields: {
    id: { type: 'number' },
    sku: text,
    key: text,
    attributes: { type: 'array', of: { type: 'object', fields: { name: text, value: { type: 'any' } } } },
  },
};

export const productDataSpec: FieldSpec = {
  type: 'object',
  fields: {
    name: { type: 'localizedString' },
    slug: { type: 'localizedString' },
    description: { type: 'localizedString' },
    categories: { type: 'array', of: { type: 'reference' } },
    masterVariant: variantSpec,
    variants: { type: 'array', of: variantSpec },
  },
};

/** A Product's `reviewRatingStatistics` (kept from its Reviews): `reviewRatingStatistics(averageRating > 3)`. */
export const reviewRatingStatisticsSpec: FieldSpec = {
  type: 'object',
  fields: {
    averageRating: { type: 'number' },
    highestRating: { type: 'number' },
    lowestRating: { type: 'number' },
    count: { type: 'number' },
  },
};

/** The fields of a Product that `where` and `sort` may name. */
export const productQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  productType: { type: 'reference' },
  priceMode: text,
  reviewRatingStatistics: reviewRatingStatisticsSpec,
  masterData: {
    type: 'object',
    fields: {
      published: { type: 'boolean' },
      hasStagedChanges: { type: 'boolean' },
      current: productDataSpec,
      staged: productDataSpec,
    },
  },
};
