import type { ProductData, ProductVariant } from './product.types.js';

/** An image of a product variant (PSDK `Image`, `ImageShape`). */
export type Image = ProductVariant['images'][number];

/** Search keywords per locale (PSDK `SearchKeywords`). */
export type SearchKeywords = ProductData['searchKeywords'];

/** Order hints of a product in its categories, by category id (PSDK `CategoryOrderHints`). */
export type CategoryOrderHints = NonNullable<ProductData['categoryOrderHints']>;
