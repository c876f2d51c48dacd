import {
  AddProductVariantAction,
  ChangeProductMasterVariantAction,
  RemoveProductVariantAction,
  SetProductSkuAction,
  SetProductVariantKeyAction,
  type Product,
  type ProductData,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { checkAttributes } from './product-attributes.js';
import { changeData, nextVariantId, variantIn, variantOf, withVariant } from './product-data.js';
import { withDraftPricesAndAssets } from './product-draft.js';
import { productTypeOf } from './product-references.js';

function withoutVariant(data: ProductData, id: number): ProductData {
  if (data.masterVariant.id === id) throw Errors.invalidOperation('The master variant can not be removed.');
  return { ...data, variants: data.variants.filter((variant) => variant.id !== id) };
}

/**
 * addVariant, removeVariant, setSku, setProductVariantKey and changeMasterVariant. A new variant's prices and
 * assets are built as a draft's are (ids, references and custom fields checked).
 */
export const productVariantActions = (resolver: ReferenceResolver): ActionTable<Product> => ({
  addVariant: action(AddProductVariantAction, async (product: Product, draft, { ctx, db }) => {
    const [created] = await withDraftPricesAndAssets(
      resolver,
      ctx,
      db,
      [variantOf(nextVariantId(product), draft)],
      [draft],
    );
    const productType = await productTypeOf(db, ctx, product.productType);
    const variant = { ...created, attributes: checkAttributes(productType, created.attributes) };
    return {
      resource: changeData(product, draft.staged, (data) => ({
        ...data,
        variants: [...data.variants, variant],
      })),
      messages: [{ type: 'ProductVariantAdded', variant, staged: draft.staged ?? true }],
    };
  }),

  removeVariant: action(RemoveProductVariantAction, (product: Product, { id, sku, staged }) => {
    const variant = variantIn(product.masterData.staged, { variantId: id, sku });
    return {
      resource: changeData(product, staged, (data) => withoutVariant(data, variant.id)),
      messages: [{ type: 'ProductVariantDeleted', variant, removedImageUrls: [], staged: staged ?? true }],
    };
  }),

  setSku: action(SetProductSkuAction, (product: Product, { variantId, sku, staged }) => ({
    resource: changeData(product, staged, (data) =>
      withVariant(data, variantIn(data, { variantId }).id, (variant) => withOptional(variant, 'sku', sku)),
    ),
  })),

  setProductVariantKey: action(
    SetProductVariantKeyAction,
    (product: Product, { variantId, sku, key, staged }) => ({
      resource: changeData(product, staged, (data) =>
        withVariant(data, variantIn(data, { variantId, sku }).id, (variant) =>
          withOptional(variant, 'key', key),
        ),
      ),
    }),
  ),

  changeMasterVariant: action(
    ChangeProductMasterVariantAction,
    (product: Product, { variantId, sku, staged }) => ({
      resource: changeData(product, staged, (data) => {
        const master = variantIn(data, { variantId, sku });
        if (master.id === data.masterVariant.id) return data;
        const others = [data.masterVariant, ...data.variants.filter((variant) => variant.id !== master.id)];
        return { ...data, masterVariant: master, variants: others };
      }),
    }),
  ),
});
