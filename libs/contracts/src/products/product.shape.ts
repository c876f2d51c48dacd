import { ProductPriceShape } from '../common/money.shape.js';
import { AssetShape } from '../common/asset.shape.js';
import {
  array,
  boolean,
  enumOf,
  inGraphqlAs,
  integer,
  json,
  key,
  localizedString,
  map,
  number,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
} from '../shapes/shape.js';

/** Which prices a price lookup uses: the variants' own (`Embedded`) or Standalone Prices. */
export const PRODUCT_PRICE_MODES = ['Embedded', 'Standalone'] as const;

/** An attribute of a variant or of a product: its value as the attribute's type says (GraphQL: raw JSON). */
const AttributeShape = object('RawProductAttribute', { name: string(), value: json() });

/** An image of a product variant (PSDK `Image`); uploaded ones carry a URL the platform serves. */
export const ImageShape = object('Image', {
  url: string(),
  dimensions: object('Dimensions', {
    w: inGraphqlAs('width', integer()),
    h: inGraphqlAs('height', integer()),
  }),
  label: optional(string()),
});

/** A variant: `id` counts from 1 (the master variant) and is never reused within a Product. */
export const ProductVariantShape = object('ProductVariant', {
  id: integer(),
  sku: optional(string()),
  key: optional(string()),
  prices: inGraphqlAs('pricesRaw', array(ProductPriceShape), { type: 'Json' }),
  images: array(ImageShape),
  attributes: inGraphqlAs('attributesRaw', array(AttributeShape)),
  assets: array(AssetShape),
});

/** Search keywords per locale (PSDK `SearchKeywords`). */
const SearchKeywordsShape = map(
  array(
    object('SearchKeyword', {
      text: string(),
      suggestTokenizer: optional(
        object('SuggestTokenizer', {
          type: typed<'whitespace' | 'custom'>()(string()),
          inputs: optional(array(string())),
        }),
      ),
    }),
  ),
);

/** One representation (current or staged) of a Product; a projection holds one, flattened. */
const productDataFields = {
  name: localizedString(),
  categories: array(reference('category')),
  /** Order hints of the product in its categories, by category id. */
  categoryOrderHints: optional(map(string())),
  description: optional(localizedString()),
  slug: localizedString(),
  metaTitle: optional(localizedString()),
  metaDescription: optional(localizedString()),
  metaKeywords: optional(localizedString()),
  masterVariant: ProductVariantShape,
  variants: array(ProductVariantShape),
  searchKeywords: SearchKeywordsShape,
  attributes: inGraphqlAs('attributesRaw', array(AttributeShape)),
};
export const ProductDataShape = object('ProductData', productDataFields);

/** PSDK `ReviewRatingStatistics` of a Product: over its Reviews included in statistics that have a rating. */
export const ReviewRatingStatisticsShape = object('ReviewRatingStatistics', {
  averageRating: number(),
  highestRating: number(),
  lowestRating: number(),
  count: integer(),
  /** Rating (as text) -> how many Reviews gave it. */
  ratingsDistribution: map(integer()),
});

/** What a Product and its projections have beside their data. */
const productFields = {
  key: optional(key()),
  productType: reference('product-type'),
  taxCategory: optional(reference('tax-category')),
  state: optional(reference('state')),
  priceMode: optional(enumOf('ProductPriceModeEnum', PRODUCT_PRICE_MODES)),
  /** Kept by catalog-service from the Product's Reviews (docs/DECISIONS.md, "Reviews"). */
  reviewRatingStatistics: optional(ReviewRatingStatisticsShape),
};

export const ProductShape = resource('Product', {
  ...productFields,
  masterData: object('ProductCatalogData', {
    published: boolean(),
    current: ProductDataShape,
    staged: ProductDataShape,
    hasStagedChanges: boolean(),
  }),
});

/** One representation (current or staged) of a Product, flattened (not read through GraphQL). */
export const ProductProjectionShape = resource('ProductProjection', {
  ...productFields,
  ...productDataFields,
  published: boolean(),
  hasStagedChanges: boolean(),
});
