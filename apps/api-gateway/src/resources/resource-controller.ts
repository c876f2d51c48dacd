import { RequireScopes, type OperationId } from '@commerce/auth';
import type { RequestContext, ResourceDescriptor } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Delete, Get, Head, HttpCode, Post, Query, type Type } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { DescribeBody } from '../openapi/describe-body.js';
import { Expander } from './expander.service.js';
import { IdOrKeyParam, type IdOrKey } from './id-or-key.decorator.js';
import { ResourceClient, type RawQuery } from './resource-client.js';

/**
 * The HTTP routes of a versioned resource, the same for every one: create, query, HEAD, get, update and
 * delete, by id and by `key=`, derived from the resource's descriptor: its path, its subjects, and its
 * operations in the operation table (which name the scopes the guard checks). Each handler is one line;
 * the service decides.
 */
export function resourceController(resource: ResourceDescriptor): Type<unknown> {
  const operation = (name: string) => `${resource.name}.${name}` as OperationId;
  // Bodies go to the owning service as they came: it validates them, once, whatever the transport.
  @Controller(`:projectKey/${resource.path}`)
  class ResourceController {
    private readonly client: ResourceClient;

    constructor(rpc: RpcClient, expander: Expander) {
      this.client = new ResourceClient(rpc, expander, resource.subjects);
    }

    @Post()
    @HttpCode(201)
    @RequireScopes(operation('create'))
    @DescribeBody(resource.draft)
    create(@Ctx() ctx: RequestContext, @Body() draft: unknown, @Query() query: RawQuery) {
      return this.client.create(ctx, draft, query);
    }

    @Get()
    @RequireScopes(operation('query'))
    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.client.query(ctx, query);
    }

    @Head()
    @RequireScopes(operation('existsWhere'))
    existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.client.exists(ctx, undefined, query);
    }

    @Get(':idOrKey')
    @RequireScopes(operation('get'))
    get(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.get(ctx, ref, query);
    }

    @Head(':idOrKey')
    @RequireScopes(operation('exists'))
    exists(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.exists(ctx, ref, query);
    }

    @Post(':idOrKey')
    @HttpCode(200)
    @RequireScopes(operation('update'))
    @DescribeBody({ updateOf: resource.typeId })
    update(
      @Ctx() ctx: RequestContext,
      @IdOrKeyParam() ref: IdOrKey,
      @Body() body: unknown,
      @Query() query: RawQuery,
    ) {
      return this.client.update(ctx, ref, body, query);
    }

    @Delete(':idOrKey')
    @RequireScopes(operation('delete'))
    delete(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.delete(ctx, ref, query);
    }
  }
  Object.defineProperty(ResourceController, 'name', { value: `${resource.path}Controller` });
  return ResourceController;
}
