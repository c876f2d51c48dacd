import {
  AddProductExternalImageAction,
  MoveProductImageToPositionAction,
  ProductImageTargetAction,
  SetProductImageLabelAction,
  type Image,
  type Product,
  type ProductData,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { changeData, imageOf, variantIn, withVariant } from './product-data.js';

/** The images of a variant changed; `by` names the variant, an image is named by its URL. */
function changeImages(
  data: ProductData,
  by: { variantId?: number; sku?: string },
  change: (images: Image[]) => Image[],
): ProductData {
  return withVariant(data, variantIn(data, by).id, (variant) => ({
    ...variant,
    images: change(variant.images),
  }));
}

function imageIndex(images: Image[], url: string): number {
  const index = images.findIndex((image) => image.url === url);
  if (index < 0) throw Errors.invalidOperation(`The variant has no image with the URL '${url}'.`);
  return index;
}

/** addExternalImage, removeImage, moveImageToPosition and setImageLabel. */
export const productImageActions: ActionTable<Product> = {
  addExternalImage: action(
    AddProductExternalImageAction,
    (product: Product, { variantId, sku, image, staged }) => {
      const added = imageOf(image);
      const variant = variantIn(product.masterData.staged, { variantId, sku });
      return {
        resource: changeData(product, staged, (data) =>
          changeImages(data, { variantId: variant.id }, (images) => [...images, added]),
        ),
        messages: [
          { type: 'ProductImageAdded', variantId: variant.id, image: added, staged: staged ?? true },
        ],
      };
    },
  ),

  removeImage: action(ProductImageTargetAction, (product: Product, { variantId, sku, imageUrl, staged }) => ({
    resource: changeData(product, staged, (data) =>
      changeImages(data, { variantId, sku }, (images) => {
        const index = imageIndex(images, imageUrl);
        return images.filter((_, i) => i !== index);
      }),
    ),
  })),

  moveImageToPosition: action(
    MoveProductImageToPositionAction,
    (product: Product, { variantId, sku, imageUrl, position, staged }) => ({
      resource: changeData(product, staged, (data) =>
        changeImages(data, { variantId, sku }, (images) => {
          if (position >= images.length) {
            throw Errors.invalidOperation(`position must be below the number of images (${images.length}).`);
          }
          const index = imageIndex(images, imageUrl);
          const others = images.filter((_, i) => i !== index);
          return [...others.slice(0, position), images[index], ...others.slice(position)];
        }),
      ),
    }),
  ),

  setImageLabel: action(
    SetProductImageLabelAction,
    (product: Product, { variantId, sku, imageUrl, label, staged }) => ({
      resource: changeData(product, staged, (data) =>
        changeImages(data, { variantId, sku }, (images) => {
          const index = imageIndex(images, imageUrl);
          return images.map((image, i) => (i === index ? withOptional(image, 'label', label) : image));
        }),
      ),
    }),
  ),
};
