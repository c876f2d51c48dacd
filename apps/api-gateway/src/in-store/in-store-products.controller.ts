import { Operation } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { Controller, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { PagedClient } from '../catalog/paged-client.js';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { InStoreProductsService } from './in-store-products.service.js';

/** Products as a Store offers them (spec: Store-scoped helpers). Store scopes work here for their Store. */
@Controller()
export class InStoreProductsController {
  constructor(
    private readonly products: InStoreProductsService,
    private readonly pages: PagedClient,
  ) {}

  @Operation('inStore.productProjections.get')
  projection(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Query() query: RawQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.products.projection(ctx, request.principal, ref, query);
  }

  @Operation('inStore.productProjections.exists')
  async exists(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Query() query: RawQuery,
    @Req() request: FastifyRequest,
  ) {
    await this.products.projection(ctx, request.principal, ref, { ...query, expand: undefined });
  }

  @Operation('inStore.productSelectionAssignments.query')
  assignments(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.pages.page(Subjects.catalog.inStore.assignments, ctx, query);
  }
}
