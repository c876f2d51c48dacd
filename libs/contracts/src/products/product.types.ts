import type { Infer } from '../shapes/shape.js';
import type {
  PRODUCT_PRICE_MODES,
  ProductDataShape,
  ProductProjectionShape,
  ProductShape,
  ProductVariantShape,
} from './product.shape.js';

/** The types a Product's shape declares (`product.shape.ts`). */
export type Product = Infer<typeof ProductShape>;
export type ProductCatalogData = Product['masterData'];
export type ProductData = Infer<typeof ProductDataShape>;
export type ProductVariant = Infer<typeof ProductVariantShape>;
export type Attribute = ProductVariant['attributes'][number];
export type ProductProjection = Infer<typeof ProductProjectionShape>;
export type ProductPriceMode = (typeof PRODUCT_PRICE_MODES)[number];

/** Reference facts: a slug is 2 to 256 letters, digits, `_` or `-` in each locale. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{2,256}$/;
