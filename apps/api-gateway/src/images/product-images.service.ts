import { Subjects, type Product, type RequestContext } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import type { ObjectStorage } from '@commerce/storage';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IdOrKey } from '../resources/id-or-key.decorator.js';
import { inspectImage } from './image-inspection.js';
import { imageFileName, imageKey, imageUrl, newImageId } from './image-names.js';
import type { ImageUploadParams } from './image-upload-params.js';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** How the upload reached us: the base of the image URLs when STORAGE_PUBLIC_URL is not set. */
export interface UploadOrigin {
  publicBase: string;
}

const variantsOf = (product: Product) =>
  [product.masterData.staged, product.masterData.current].flatMap((data) => [
    data.masterVariant,
    ...data.variants,
  ]);

/**
 * Product image uploads: the gateway checks the bytes and keeps the file (the bytes never cross the message
 * bus), catalog-service adds the image to the variant (versioned, with its `ProductImageAdded` Message). When
 * that write fails the file is removed again, unless a timeout leaves it unknown whether the write happened
 * and the product turns out to hold the image.
 */
@Injectable()
export class ProductImagesService {
  private readonly logger = new Logger(ProductImagesService.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async upload(
    ctx: RequestContext,
    ref: IdOrKey,
    params: ImageUploadParams,
    body: unknown,
    origin: UploadOrigin,
  ): Promise<Product> {
    if (!Buffer.isBuffer(body)) {
      throw Errors.invalidInput(
        'Send the image file as the request body, with Content-Type image/jpeg, image/png, image/gif or application/octet-stream.',
      );
    }
    const image = await inspectImage(body);
    const key = imageKey(ctx.projectKey, newImageId(), imageFileName(params.filename, image.extension));
    const url = imageUrl(origin.publicBase, key);
    await this.storage.put(key, body, image.contentType);
    try {
      return await this.rpc.send(Subjects.catalog.product.addUploadedImage, {
        ctx,
        ref,
        upload: {
          ...(params.variantId !== undefined ? { variantId: params.variantId } : {}),
          ...(params.sku !== undefined ? { sku: params.sku } : {}),
          staged: params.staged,
          image: { url, dimensions: image.dimensions },
        },
      });
    } catch (error) {
      await this.removeUnlessAdded(ctx, ref, key, url, error);
      throw error;
    }
  }

  /** A refusal (4xx) means nothing was written; after anything else the product is asked first. */
  private async removeUnlessAdded(
    ctx: RequestContext,
    ref: IdOrKey,
    key: string,
    url: string,
    error: unknown,
  ): Promise<void> {
    try {
      const refused = error instanceof ApiError && error.status < 500;
      if (!refused && (await this.holdsImage(ctx, ref, url))) return;
      await this.storage.delete(key);
    } catch (cleanup) {
      // Left in place: an unreferenced file is harmless, a product pointing at a removed one is not.
      this.logger.warn(`image ${key} kept after a failed upload: ${String(cleanup)}`);
    }
  }

  private async holdsImage(ctx: RequestContext, ref: IdOrKey, url: string): Promise<boolean> {
    try {
      const product = await this.rpc.send(Subjects.catalog.product.get, { ctx, ref });
      return variantsOf(product).some((variant) => variant.images.some((image) => image.url === url));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  }
}
