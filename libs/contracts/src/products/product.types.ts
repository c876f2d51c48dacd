import type { ReviewRatingStatistics } from '../reviews/review.types.js';
import type { Asset } from '../common/asset.js';
import type { BaseResource, LocalizedString, Reference } from '../common/types.js';
import type { CategoryOrderHints, Image, SearchKeywords } from './product-catalog.types.js';
import type { Price } from './price.types.js';

export interface Attribute {
  name: string;
  value: unknown;
}

/** A variant: `id` counts from 1 (the master variant) and is never reused within a Product. */
export interface ProductVariant {
  id: number;
  sku?: string;
  key?: string;
  prices: Price[];
  images: Image[];
  attributes: Attribute[];
  assets: Asset[];
}

export interface ProductData {
  name: LocalizedString;
  categories: Reference<'category'>[];
  categoryOrderHints?: CategoryOrderHints;
  description?: LocalizedString;
  slug: LocalizedString;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  masterVariant: ProductVariant;
  variants: ProductVariant[];
  searchKeywords: SearchKeywords;
  attributes: Attribute[];
}

export interface ProductCatalogData {
  published: boolean;
  current: ProductData;
  staged: ProductData;
  hasStagedChanges: boolean;
}

/** Which prices a price lookup uses: the variants' own (`Embedded`) or Standalone Prices. */
export const PRODUCT_PRICE_MODES = ['Embedded', 'Standalone'] as const;
export type ProductPriceMode = (typeof PRODUCT_PRICE_MODES)[number];

export interface Product extends BaseResource {
  key?: string;
  productType: Reference<'product-type'>;
  masterData: ProductCatalogData;
  taxCategory?: Reference<'tax-category'>;
  state?: Reference<'state'>;
  priceMode?: ProductPriceMode;
  /** Kept by catalog-service from the Product's Reviews (docs/DECISIONS.md, "Reviews"). */
  reviewRatingStatistics?: ReviewRatingStatistics;
}

/** One representation (current or staged) of a Product, flattened. */
export interface ProductProjection extends BaseResource, ProductData {
  key?: string;
  productType: Reference<'product-type'>;
  taxCategory?: Reference<'tax-category'>;
  state?: Reference<'state'>;
  priceMode?: ProductPriceMode;
  reviewRatingStatistics?: ReviewRatingStatistics;
  published: boolean;
  hasStagedChanges: boolean;
}

/** Reference facts: a slug is 2 to 256 letters, digits, `_` or `-` in each locale. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{2,256}$/;
