import { OperationRoute, describedOperations, type OperationScope } from '@commerce/auth';
import {
  UpdateRequestDto,
  inStoreOperationsOf,
  isDocumentedResourceType,
  operationsOf,
  type ClassConstructor,
  type CreateExtras,
  type DescribedOperation,
  type Descriptor,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import {
  Body,
  Controller,
  HttpCode,
  Query,
  Req,
  applyDecorators,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';
import { DescribeBody, type BodyDescription } from '../openapi/describe-body.js';
import { Expander } from './expander.service.js';
import { ResourceClient, type ComputedExpansion, type RawQuery } from './resource-client.js';
import { ResourceRefParam, type ResourceRef } from './resource-ref.decorator.js';

/** What a resource needs beyond its descriptor at the edge, kept small and typed. */
export interface ResourceHooks {
  /** Fields the create request carries besides the draft (API clients: the caller's own scopes). */
  create?: (request: FastifyRequest) => CreateExtras;
  /**
   * A collection GET the resource answers otherwise for some parameters (carts: the legacy `?customerId=`);
   * undefined leaves it to the standard query.
   */
  query?: (
    ctx: RequestContext,
    query: RawQuery,
    deps: { rpc: RpcClient; expander: Expander },
  ) => Promise<unknown> | undefined;
  /** Expansions the resource answers itself (shopping lists' `lineItems[*].variant`). */
  expand?: ComputedExpansion;
}

export interface ResourceControllerOptions {
  /** The resource as a Store serves it (`inStore.<name>.*` at `/{projectKey}/in-store/key={storeKey}/...`). */
  inStore?: boolean;
  hooks?: ResourceHooks;
}

/** Passes a body on unchanged: the owning service validates it, once, whatever the transport. */
class Forward implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    return value;
  }
}

/**
 * The HTTP routes of a described resource, the same for every one and derived from its descriptor: the
 * operations it has (create, query, HEAD, get, update and delete in a collection; get, put, update and delete
 * of a singleton), each declared by its operation in the table (`@Operation`: method, path, scopes), the
 * resource addressed by the descriptor's identity. Each handler is one line; the service decides.
 */
export function resourceController(
  resource: Descriptor,
  { inStore = false, hooks = {} }: ResourceControllerOptions = {},
): Type<unknown> {
  const body = (dto: ClassConstructor<object>) =>
    resource.validateAtEdge ? new DtoPipe(dto) : new Forward();
  const updateBody = resource.update?.body ?? UpdateRequestDto;
  const identity = resource.identity;

  @Controller()
  class ResourceController {
    private readonly client: ResourceClient;

    private readonly deps: { rpc: RpcClient; expander: Expander };

    constructor(rpc: RpcClient, expander: Expander) {
      this.client = new ResourceClient(rpc, expander, resource, hooks.expand);
      this.deps = { rpc, expander };
    }

    create(
      @Ctx() ctx: RequestContext,
      @Body(body(resource.draft)) draft: unknown,
      @Query() query: RawQuery,
      @Req() request: FastifyRequest,
    ) {
      return this.client.create(ctx, draft, query, hooks.create?.(request));
    }

    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return hooks.query?.(ctx, query, this.deps) ?? this.client.query(ctx, query);
    }

    existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.client.exists(ctx, undefined, query);
    }

    get(@Ctx() ctx: RequestContext, @ResourceRefParam(identity) ref: ResourceRef, @Query() query: RawQuery) {
      return this.client.get(ctx, ref, query);
    }

    exists(
      @Ctx() ctx: RequestContext,
      @ResourceRefParam(identity) ref: ResourceRef,
      @Query() query: RawQuery,
    ) {
      return this.client.exists(ctx, ref, query);
    }

    update(
      @Ctx() ctx: RequestContext,
      @ResourceRefParam(identity) ref: ResourceRef,
      @Body(body(updateBody)) update: unknown,
      @Query() query: RawQuery,
    ) {
      return this.client.update(ctx, ref, update, query);
    }

    put(@Ctx() ctx: RequestContext, @Body(body(resource.draft)) draft: unknown) {
      return this.client.put(ctx, draft);
    }

    delete(
      @Ctx() ctx: RequestContext,
      @ResourceRefParam(identity) ref: ResourceRef,
      @Query() query: RawQuery,
    ) {
      return this.client.delete(ctx, ref, query);
    }
  }

  // Only the operations the descriptor has become routes; the others stay plain methods. Where each one is and
  // what it needs comes from the descriptor, as the operation table has it.
  const prefix = inStore ? 'inStore.' : '';
  const entries: Readonly<Record<string, OperationScope>> = describedOperations([resource]);
  for (const operation of inStore ? inStoreOperationsOf(resource) : operationsOf(resource)) {
    const route = Object.getOwnPropertyDescriptor(ResourceController.prototype, operation);
    if (!route) throw new Error(`resourceController has no handler for ${operation}.`);
    const id = `${prefix}${resource.name}.${operation}`;
    applyDecorators(
      OperationRoute(id, entries[id]),
      ...statusOf(resource, operation),
      ...describedBody(resource, operation),
    )(ResourceController.prototype, operation, route);
  }
  Object.defineProperty(ResourceController, 'name', {
    value: `${inStore ? 'InStore' : ''}${resource.path}Controller`,
  });
  return ResourceController;
}

/** 201 for a create, 200 for an update by POST (Nest's default for a POST is 201). */
function statusOf(resource: Descriptor, operation: DescribedOperation): MethodDecorator[] {
  if (operation === 'create') return [HttpCode(201)];
  if (operation === 'update' && (resource.update?.method ?? 'POST') === 'POST') return [HttpCode(200)];
  return [];
}

/** The request body for the OpenAPI description: the draft, the update-action union, or the update body. */
function describedBody(resource: Descriptor, operation: DescribedOperation): MethodDecorator[] {
  let description: BodyDescription | undefined;
  if (operation === 'create' || operation === 'put') description = resource.draft;
  if (operation === 'update') {
    description =
      resource.update?.body ??
      (isDocumentedResourceType(resource.typeId) ? { updateOf: resource.typeId } : UpdateRequestDto);
  }
  return description ? [DescribeBody(description)] : [];
}
