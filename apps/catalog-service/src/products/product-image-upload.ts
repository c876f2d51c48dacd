import {
  ProductImageUploadDto,
  Subjects,
  validateDto,
  type Product,
  type ProductDraftDto,
  type ProductImageUploadRequest,
  type RequestContext,
  type Rpc,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import type { ResourceEngine } from '@commerce/resources';
import { Controller, Inject } from '@nestjs/common';
import { Handles } from '@commerce/messaging';
import { Payload } from '@nestjs/microservices';
import { PRODUCT_ENGINE } from './product.definition.js';

const MAX_RACES = 8;

/**
 * Adds an uploaded image to a product: the upload names no version, so the image is added at the current one
 * with the ordinary `addExternalImage` action (its checks, its `ProductImageAdded` Message), retried when a
 * concurrent write wins the race.
 */
export class ProductImageUploads {
  constructor(private readonly engine: ResourceEngine<Product, ProductDraftDto>) {}

  async add(ctx: RequestContext, ref: unknown, raw: unknown): Promise<Product> {
    const checked = validateDto(ProductImageUploadDto, raw);
    if (!checked.ok) throw Errors.invalidInput(checked.problems.join('; '));
    const { variantId, sku, staged, image } = checked.value;
    if (variantId !== undefined && sku !== undefined) {
      throw Errors.invalidInput('Name the variant by variant or by sku, not both.');
    }
    for (let race = 0; ; race++) {
      const product = await this.engine.get(ctx, ref);
      const target =
        variantId === undefined && sku === undefined
          ? { variantId: product.masterData.staged.masterVariant.id }
          : { variantId, sku };
      try {
        return await this.engine.update(
          ctx,
          { id: product.id },
          {
            version: product.version,
            actions: [{ action: 'addExternalImage', ...target, image, staged: staged ?? true }],
          },
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'ConcurrentModification') || race >= MAX_RACES)
          throw error;
      }
    }
  }
}

@Controller()
export class ProductImageUploadController {
  private readonly uploads: ProductImageUploads;

  constructor(@Inject(PRODUCT_ENGINE) engine: ResourceEngine<Product, ProductDraftDto>) {
    this.uploads = new ProductImageUploads(engine);
  }

  @Handles(Subjects.catalog.product.addUploadedImage)
  add(@Payload() { ctx, ref, upload }: Rpc<ProductImageUploadRequest>) {
    return this.uploads.add(ctx, ref, upload);
  }
}
