import { RequireScopes } from '@commerce/auth';
import { Subjects, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { StoreDraftDto, UpdateRequestDto } from '@commerce/contracts';
import { Body, Controller, Delete, Get, Head, HttpCode, Post, Query } from '@nestjs/common';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';
import { ResourceClient, type RawQuery } from '../resources/resource-client.js';

@Controller(':projectKey/stores')
export class StoresController {
  private readonly stores: ResourceClient;

  constructor(rpc: RpcClient) {
    this.stores = new ResourceClient(rpc, Subjects.stores.store);
  }

  @Post()
  @HttpCode(201)
  @RequireScopes('manage_stores')
  create(
    @Ctx() ctx: RequestContext,
    @Body(new DtoPipe(StoreDraftDto)) draft: StoreDraftDto,
    @Query() query: RawQuery,
  ) {
    return this.stores.create(ctx, draft, query);
  }

  @Get()
  @RequireScopes('view_stores')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.stores.query(ctx, query);
  }

  @Head()
  @RequireScopes('view_stores')
  existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.stores.exists(ctx, undefined, query);
  }

  @Get(':idOrKey')
  @RequireScopes('view_stores')
  get(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.stores.get(ctx, ref, query);
  }

  @Head(':idOrKey')
  @RequireScopes('view_stores', 'view_states')
  exists(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.stores.exists(ctx, ref, query);
  }

  @Post(':idOrKey')
  @RequireScopes('manage_stores')
  update(
    @Ctx() ctx: RequestContext,
    @IdOrKeyParam() ref: IdOrKey,
    @Body(new DtoPipe(UpdateRequestDto)) body: UpdateRequestDto,
    @Query() query: RawQuery,
  ) {
    return this.stores.update(ctx, ref, body, query);
  }

  @Delete(':idOrKey')
  @RequireScopes('manage_stores')
  delete(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
    return this.stores.delete(ctx, ref, query);
  }
}
