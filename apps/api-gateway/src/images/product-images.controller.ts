import { Operation } from '@commerce/auth';
import type { RequestContext } from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import { Body, Controller, HttpCode, Inject, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import { imageUploadParamsOf } from './image-upload-params.js';
import { ProductImagesService } from './product-images.service.js';

/** `POST /{projectKey}/products/{id}/images`: the body is the image file (image-body-parser.ts). */
@Controller()
export class ProductImagesController {
  constructor(
    private readonly images: ProductImagesService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Operation('products.uploadImage')
  @HttpCode(200)
  upload(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Query() query: RawQuery,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    const publicBase = this.config.STORAGE_PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    return this.images.upload(ctx, ref, imageUploadParamsOf(query), body, { publicBase });
  }
}
