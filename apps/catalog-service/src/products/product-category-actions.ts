import {
  AddProductToCategoryAction,
  RemoveProductFromCategoryAction,
  SetProductCategoryOrderHintAction,
  type Product,
  type ProductData,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { changeData } from './product-data.js';
import { categoryReferences } from './product-catalog-references.js';

function withOrderHint(data: ProductData, categoryId: string, orderHint: string | undefined): ProductData {
  const { [categoryId]: _old, ...others } = data.categoryOrderHints ?? {};
  const hints = orderHint === undefined ? others : { ...others, [categoryId]: orderHint };
  return { ...data, categoryOrderHints: hints };
}

/** addToCategory, removeFromCategory and setCategoryOrderHint, with their Messages. */
export const productCategoryActions: ActionTable<Product> = {
  addToCategory: action(
    AddProductToCategoryAction,
    async (product: Product, { category, orderHint, staged }, { ctx, db }) => {
      const [reference] = await categoryReferences(db, ctx, [category]);
      if (product.masterData.staged.categories.some((c) => c.id === reference.id)) {
        throw Errors.invalidOperation(`The product is already in the category '${reference.id}'.`);
      }
      return {
        resource: changeData(product, staged, (data) =>
          withOrderHint(
            { ...data, categories: [...data.categories.filter((c) => c.id !== reference.id), reference] },
            reference.id,
            orderHint ?? data.categoryOrderHints?.[reference.id],
          ),
        ),
        messages: [{ type: 'ProductAddedToCategory', category: reference, staged: staged ?? true }],
      };
    },
  ),

  removeFromCategory: action(
    RemoveProductFromCategoryAction,
    async (product: Product, { category, staged }, { ctx, db }) => {
      const [reference] = await categoryReferences(db, ctx, [category]);
      if (!product.masterData.staged.categories.some((c) => c.id === reference.id)) {
        throw Errors.invalidOperation(`The product is not in the category '${reference.id}'.`);
      }
      return {
        resource: changeData(product, staged, (data) =>
          withOrderHint(
            { ...data, categories: data.categories.filter((c) => c.id !== reference.id) },
            reference.id,
            undefined,
          ),
        ),
        messages: [{ type: 'ProductRemovedFromCategory', category: reference, staged: staged ?? true }],
      };
    },
  ),

  setCategoryOrderHint: action(
    SetProductCategoryOrderHintAction,
    (product: Product, { categoryId, orderHint, staged }) => ({
      resource: changeData(product, staged, (data) => withOrderHint(data, categoryId, orderHint)),
    }),
  ),
};
