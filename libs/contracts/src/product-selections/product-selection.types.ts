import type { Reference } from '../common/types.js';
import type { Infer } from '../shapes/shape.js';
import type { ProductSelectionShape } from './product-selection.shape.js';

export const PRODUCT_SELECTION_MODES = ['Individual', 'IndividualExclusion'] as const;
export type ProductSelectionMode = (typeof PRODUCT_SELECTION_MODES)[number];

export const VARIANT_SELECTION_TYPES = ['includeOnly', 'includeAllExcept'] as const;

export interface ProductVariantSelection {
  type: (typeof VARIANT_SELECTION_TYPES)[number];
  skus: string[];
}

export interface ProductVariantExclusion {
  skus: string[];
}

/** A ProductSelection as the API answers it (`ProductSelectionShape`). */
export type ProductSelection = Infer<typeof ProductSelectionShape>;

/** `GET /product-selections/{id}/products`. */
export interface AssignedProductReference {
  product: Reference<'product'>;
  variantSelection?: ProductVariantSelection;
  variantExclusion?: ProductVariantExclusion;
}

/** `GET /products/{id}/product-selections`. */
export interface AssignedProductSelection {
  productSelection: Reference<'product-selection'>;
  variantSelection?: ProductVariantSelection;
  variantExclusion?: ProductVariantExclusion;
  createdAt: string;
}

/** `GET /in-store/key={storeKey}/product-selection-assignments`. */
export interface ProductSelectionAssignment {
  product: Reference<'product'>;
  productSelection: Reference<'product-selection'>;
  variantSelection?: ProductVariantSelection;
}
