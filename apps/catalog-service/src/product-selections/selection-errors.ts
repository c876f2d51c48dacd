import type {
  ProductSelectionMode,
  ProductVariantExclusion,
  ProductVariantSelection,
  Reference,
} from '@commerce/contracts';
import { ApiError } from '@commerce/errors';

/** setVariantSelection / setVariantExclusion for a product the selection does not hold (PSDK wording). */
export function productAssignmentMissing(
  product: Reference<'product'>,
  mode: ProductSelectionMode,
): ApiError {
  const message =
    mode === 'Individual'
      ? 'A Product Variant Selection can only be set for a Product that has previously been added to the Product Selection.'
      : 'A Variant Exclusion can only be set for a Product that has previously been added to the Product Selection of type Individual Exclusion.';
  return new ApiError({ code: 'ProductAssignmentMissing', message, product });
}

/** addProduct / excludeProduct for a product the selection holds with other variants. */
export function productPresentWithDifferentVariantSelection(
  product: Reference<'product'>,
  existing: ProductVariantSelection | ProductVariantExclusion | undefined,
): ApiError {
  return new ApiError({
    code: 'ProductPresentWithDifferentVariantSelection',
    message: `Product is already present with the following different variant selection: ${JSON.stringify(existing ?? null)}.`,
    product,
    ...(existing ? { existingVariantSelection: existing } : {}),
  });
}
