import type { BaseResource, LocalizedString, Reference } from '../common/types.js';
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
  images: unknown[];
  attributes: Attribute[];
  assets: unknown[];
}

export interface ProductData {
  name: LocalizedString;
  categories: Reference<'category'>[];
  description?: LocalizedString;
  slug: LocalizedString;
  masterVariant: ProductVariant;
  variants: ProductVariant[];
  searchKeywords: Record<string, unknown>;
  attributes: Attribute[];
}

export interface ProductCatalogData {
  published: boolean;
  current: ProductData;
  staged: ProductData;
  hasStagedChanges: boolean;
}

export interface Product extends BaseResource {
  key?: string;
  productType: Reference<'product-type'>;
  masterData: ProductCatalogData;
}

/** One representation (current or staged) of a Product, flattened. */
export interface ProductProjection extends BaseResource, ProductData {
  key?: string;
  productType: Reference<'product-type'>;
  published: boolean;
  hasStagedChanges: boolean;
}

/** Reference facts: a slug is 2 to 256 letters, digits, `_` or `-` in each locale. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{2,256}$/;
