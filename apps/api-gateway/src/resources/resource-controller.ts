import { RequireScopes } from '@commerce/auth';
import type { DocumentedResourceType, RequestContext, ResourceSubjects } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Delete, Get, Head, HttpCode, Post, Query, type Type } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import { Ctx } from '../http/request-context.decorator.js';
import { DescribeBody } from '../openapi/describe-body.js';
import { Expander } from './expander.service.js';
import { IdOrKeyParam, type IdOrKey } from './id-or-key.decorator.js';
import { ResourceClient, type RawQuery } from './resource-client.js';

export interface ResourceRoutes {
  /** Path below `/{projectKey}/`, e.g. `stores`. */
  path: string;
  subjects: ResourceSubjects;
  /** The resource type: its update actions (contracts' UPDATE_ACTIONS) describe the update route's body. */
  typeId: DocumentedResourceType;
  /** The draft DTO: the owning service validates bodies with it; here it documents the route. */
  draft: ClassConstructor<object>;
  /** Scopes that allow reading; any one is enough (`manage_x` implies `view_x`). */
  view: string[];
  /** Scopes that allow writing. */
  manage: string[];
  /** Extra scopes accepted by HEAD by id (the spec lists `view_states` for Stores). */
  existsById?: string[];
}

/**
 * The HTTP routes of a versioned resource, the same for every one: create, query, HEAD, get, update and
 * delete, by id and by `key=`. Each handler is one line; the service decides.
 */
export function resourceController(routes: ResourceRoutes): Type<unknown> {
  // Bodies go to the owning service as they came: it validates them, once, whatever the transport.
  @Controller(`:projectKey/${routes.path}`)
  class ResourceController {
    private readonly client: ResourceClient;

    constructor(rpc: RpcClient, expander: Expander) {
      this.client = new ResourceClient(rpc, expander, routes.subjects);
    }

    @Post()
    @HttpCode(201)
    @RequireScopes(...routes.manage)
    @DescribeBody(routes.draft)
    create(@Ctx() ctx: RequestContext, @Body() draft: unknown, @Query() query: RawQuery) {
      return this.client.create(ctx, draft, query);
    }

    @Get()
    @RequireScopes(...routes.view)
    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.client.query(ctx, query);
    }

    @Head()
    @RequireScopes(...routes.view)
    existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.client.exists(ctx, undefined, query);
    }

    @Get(':idOrKey')
    @RequireScopes(...routes.view)
    get(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.get(ctx, ref, query);
    }

    @Head(':idOrKey')
    @RequireScopes(...routes.view, ...(routes.existsById ?? []))
    exists(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.exists(ctx, ref, query);
    }

    @Post(':idOrKey')
    @HttpCode(200)
    @RequireScopes(...routes.manage)
    @DescribeBody({ updateOf: routes.typeId })
    update(
      @Ctx() ctx: RequestContext,
      @IdOrKeyParam() ref: IdOrKey,
      @Body() body: unknown,
      @Query() query: RawQuery,
    ) {
      return this.client.update(ctx, ref, body, query);
    }

    @Delete(':idOrKey')
    @RequireScopes(...routes.manage)
    delete(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.client.delete(ctx, ref, query);
    }
  }
  Object.defineProperty(ResourceController, 'name', { value: `${routes.path}Controller` });
  return ResourceController;
}
