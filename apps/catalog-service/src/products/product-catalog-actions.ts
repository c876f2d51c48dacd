import type { Product } from '@commerce/contracts';
import type { ActionTable, ReferenceResolver } from '@commerce/resources';
import { productAssetActions } from './product-asset-actions.js';
import { productAttributeActions } from './product-attribute-actions.js';
import { productCategoryActions } from './product-category-actions.js';
import { productImageActions } from './product-image-actions.js';
import { productStateActions } from './product-state-actions.js';

/** The product actions on categories, attributes, images, assets, SEO fields, tax category and state. */
export function productCatalogActions(resolver: ReferenceResolver): ActionTable<Product> {
  return {
    ...productCategoryActions,
    ...productAttributeActions,
    ...productImageActions,
    ...productAssetActions(resolver),
    ...productStateActions,
  };
}
