import { ASSET_ACTIONS } from '../common/asset.js';
import type { ClassConstructor } from '../dto-transform.js';
import {
  AddPriceAction,
  ChangePriceAction,
  RemovePriceAction,
  SetPriceKeyAction,
  SetDiscountedPriceAction,
  SetPricesAction,
  SetProductPriceCustomFieldAction,
  SetProductPriceCustomTypeAction,
} from './price.dto.js';
import {
  AddProductVariantAction,
  ChangeProductMasterVariantAction,
  ChangeProductNameAction,
  ChangeProductSlugAction,
  PublishProductAction,
  RemoveProductVariantAction,
  SetProductDescriptionAction,
  SetProductDefaultVariantAction,
  SetProductKeyAction,
  SetProductLevelAttributeAction,
  SetProductPriceModeAction,
  SetProductSkuAction,
  SetProductVariantKeyAction,
  UnpublishProductAction,
} from './product-actions.dto.js';
import {
  AddProductExternalImageAction,
  AddProductToCategoryAction,
  MoveProductImageToPositionAction,
  ProductImageTargetAction,
  RemoveProductFromCategoryAction,
  RevertProductStagedChangesAction,
  RevertProductStagedVariantChangesAction,
  SetProductAttributeAction,
  SetProductAttributeInAllVariantsAction,
  SetProductCategoryOrderHintAction,
  SetProductImageLabelAction,
  SetProductLocalizedAction,
  SetProductSearchKeywordsAction,
  SetProductTaxCategoryAction,
  TransitionProductStateAction,
  onProductVariant,
  type ProductVariantTarget,
} from './product-catalog.dto.js';

/** The product's update actions by name (DTOs in product-actions, product-catalog and price). */
/** The asset actions, each aimed at a variant (`variantId` or `sku`, `staged`). */
const VARIANT_ASSET_ACTIONS = Object.fromEntries(
  Object.entries(ASSET_ACTIONS).map(([name, dto]) => [
    name,
    onProductVariant(dto as ClassConstructor<object>),
  ]),
) as {
  [Name in keyof typeof ASSET_ACTIONS]: ClassConstructor<
    InstanceType<(typeof ASSET_ACTIONS)[Name]> & ProductVariantTarget
  >;
};

export const PRODUCT_ACTIONS = {
  publish: PublishProductAction,
  unpublish: UnpublishProductAction,
  setKey: SetProductKeyAction,
  changeName: ChangeProductNameAction,
  changeSlug: ChangeProductSlugAction,
  setDescription: SetProductDescriptionAction,
  addVariant: AddProductVariantAction,
  removeVariant: RemoveProductVariantAction,
  setSku: SetProductSkuAction,
  setProductVariantKey: SetProductVariantKeyAction,
  changeMasterVariant: ChangeProductMasterVariantAction,
  addPrice: AddPriceAction,
  setPrices: SetPricesAction,
  changePrice: ChangePriceAction,
  removePrice: RemovePriceAction,
  setPriceKey: SetPriceKeyAction,
  setDiscountedPrice: SetDiscountedPriceAction,
  setProductPriceCustomType: SetProductPriceCustomTypeAction,
  setProductPriceCustomField: SetProductPriceCustomFieldAction,
  setPriceMode: SetProductPriceModeAction,
  setDefaultVariant: SetProductDefaultVariantAction,
  addToCategory: AddProductToCategoryAction,
  removeFromCategory: RemoveProductFromCategoryAction,
  setCategoryOrderHint: SetProductCategoryOrderHintAction,
  setAttribute: SetProductAttributeAction,
  setAttributeInAllVariants: SetProductAttributeInAllVariantsAction,
  setProductAttribute: SetProductLevelAttributeAction,
  addExternalImage: AddProductExternalImageAction,
  removeImage: ProductImageTargetAction,
  moveImageToPosition: MoveProductImageToPositionAction,
  setImageLabel: SetProductImageLabelAction,
  ...VARIANT_ASSET_ACTIONS,
  setMetaTitle: SetProductLocalizedAction,
  setMetaDescription: SetProductLocalizedAction,
  setMetaKeywords: SetProductLocalizedAction,
  setSearchKeywords: SetProductSearchKeywordsAction,
  setTaxCategory: SetProductTaxCategoryAction,
  transitionState: TransitionProductStateAction,
  revertStagedChanges: RevertProductStagedChangesAction,
  revertStagedVariantChanges: RevertProductStagedVariantChangesAction,
} as const;
