import {
  ChangeProductNameAction,
  ChangeProductSlugAction,
  PublishProductAction,
  SetProductDescriptionAction,
  SetProductKeyAction,
  UnpublishProductAction,
  type Product,
} from '@commerce/contracts';
import { action, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { changeData, nextProjectionOf } from './product-data.js';

/** publish, unpublish, setKey and the actions on a product's name, slug and description. */
export const productDataActions: ActionTable<Product> = {
  publish: action(PublishProductAction, (product: Product, { scope }) => {
    const { masterData } = product;
    const published: Product = {
      ...product,
      masterData: { ...masterData, published: true, current: masterData.staged, hasStagedChanges: false },
    };
    return {
      resource: published,
      messages: [
        {
          type: 'ProductPublished',
          removedImageUrls: [],
          productProjection: nextProjectionOf(published, false),
          scope: scope ?? 'All',
        },
      ],
    };
  }),

  unpublish: action(UnpublishProductAction, (product: Product) => ({
    resource: { ...product, masterData: { ...product.masterData, published: false } },
    messages: [{ type: 'ProductUnpublished' }],
  })),

  setKey: action(SetProductKeyAction, (product: Product, { key }) => ({
    resource: withOptional(product, 'key', key),
  })),

  changeName: action(ChangeProductNameAction, (product: Product, { name, staged }) => ({
    resource: changeData(product, staged, (data) => ({ ...data, name })),
  })),

  changeSlug: action(ChangeProductSlugAction, (product: Product, { slug, staged }) => ({
    resource: changeData(product, staged, (data) => ({ ...data, slug })),
    messages: [{ type: 'ProductSlugChanged', slug, oldSlug: product.masterData.staged.slug }],
  })),

  setDescription: action(SetProductDescriptionAction, (product: Product, { description, staged }) => ({
    resource: changeData(product, staged, (data) => withOptional(data, 'description', description)),
  })),
};
