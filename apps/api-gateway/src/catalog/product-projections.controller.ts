import { Operation } from '@commerce/auth';
import type { RequestContext } from '@commerce/contracts';
import { Body, Controller, HttpCode, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { ProductProjectionsClient } from './product-projections.service.js';

/** `/product-projections`: get, query, HEAD and search (GET, or POST with form-encoded parameters). */
@Controller()
export class ProductProjectionsController {
  constructor(private readonly projections: ProductProjectionsClient) {}

  @Operation('productProjections.search')
  search(@Ctx() ctx: RequestContext, @Query() query: RawQuery, @Req() request: FastifyRequest) {
    return this.projections.search(ctx, request.principal, query);
  }

  @Operation('productProjections.searchByForm')
  @HttpCode(200)
  searchByForm(
    @Ctx() ctx: RequestContext,
    @Query() query: RawQuery,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    const form = body && typeof body === 'object' ? (body as RawQuery) : {};
    return this.projections.search(ctx, request.principal, { ...query, ...form });
  }

  @Operation('productProjections.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery, @Req() request: FastifyRequest) {
    return this.projections.query(ctx, request.principal, query);
  }

  @Operation('productProjections.existsWhere')
  existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery, @Req() request: FastifyRequest) {
    return this.projections.exists(ctx, request.principal, undefined, query);
  }

  @Operation('productProjections.get')
  get(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Query() query: RawQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.projections.get(ctx, request.principal, ref, query);
  }

  @Operation('productProjections.exists')
  exists(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Query() query: RawQuery,
    @Req() request: FastifyRequest,
  ) {
    return this.projections.exists(ctx, request.principal, ref, query);
  }
}
