import { custom, enumOf, integer, key, localizedString, optional, resource } from '../shapes/shape.js';
import { PRODUCT_SELECTION_MODES } from './product-selection.types.js';

/** A ProductSelection as the API answers it: its assignments are read apart (`/{id}/products`). */
export const ProductSelectionShape = resource('ProductSelection', {
  key: optional(key()),
  name: localizedString(),
  productCount: integer(),
  mode: enumOf('ProductSelectionMode', PRODUCT_SELECTION_MODES),
  custom: optional(custom()),
});
