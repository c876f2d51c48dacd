import type { LocalizedString, Reference } from '../common/types.js';
import type { ProductVariant } from '../products/product.types.js';
import type { InventoryAvailability } from '../inventory/inventory.types.js';
import type { TaxCategory } from '../tax-categories/tax-category.types.js';

// `catalog.checkout.line-items`: what a cart change needs from the catalog, in one call (checkout facts 4.1,
// 4.10): the products of its line items, the tax categories of its items and shipping, whether a Store
// offers each variant, and the inventory entries whose quantity limits the change must keep.

/** One line item's product: by id (with a variant id, else the master variant) or by SKU. */
export interface CheckoutLineItemLookup {
  productId?: string;
  variantId?: number;
  sku?: string;
}

export interface CheckoutLineItemsRequest {
  items: CheckoutLineItemLookup[];
  /** Tax categories by id (custom line items, shipping methods), answered beside the products' own. */
  taxCategoryIds?: string[];
  /**
   * The product selections of the cart's Store (the caller has read the Store): each found variant then says
   * whether the Store offers it. Passed in, so catalog-service asks no further service within the request.
   */
  storeProductSelections?: { productSelection: { id: string }; active: boolean }[];
  /** Answer products that are not published too (shopping lists keep them, with `published: false`). */
  includeUnpublished?: boolean;
  /**
   * A change that can move a line item's quantity: answer the inventory entries of every SKU found, the one
   * without a supply channel and the one in each of these channels (their cart quantity limits).
   */
  inventoryChannels?: string[];
}

/** A line item's product as the cart snapshots it (the current, published projection). */
export interface CheckoutProduct {
  productId: string;
  productKey?: string;
  name: LocalizedString;
  slug: LocalizedString;
  productType: Reference<'product-type'>;
  variant: ProductVariant;
  taxCategory?: Reference<'tax-category'>;
  /** Whether the product is published (false only when the request includes unpublished products). */
  published?: boolean;
  /** Present with `storeProductSelections`: whether the Store offers this variant. */
  inStore?: boolean;
}

/** One answer per requested item, in order: the product, or why there is none. */
export type CheckoutLineItemAnswer =
  | { found: true; product: CheckoutProduct }
  | { found: false; reason: 'ProductNotFound' | 'VariantNotFound' | 'SkuNotFound' | 'NotPublished' };

export interface CheckoutLineItemsResponse {
  items: CheckoutLineItemAnswer[];
  /** Every tax category the products reference and every one asked for by id that exists. */
  taxCategories: TaxCategory[];
  /** With `inventoryChannels`: the entries that exist for the found SKUs in those channels and in none. */
  inventory?: InventoryAvailability[];
}
