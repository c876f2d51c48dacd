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
import { parseDto } from '@commerce/service-kit';
import { Controller, HttpCode, Req, applyDecorators, type Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { requestContextOf } from '../http/request-context.decorator.js';
import { DescribeBody, type BodyDescription } from '../openapi/describe-body.js';
import { Expander } from './expander.service.js';
import { ResourceClient, type ComputedExpansion, type RawQuery } from './resource-client.js';
import { DescribedRoute, type DescribedHandlers } from './described-routes.js';
import { resourceRefOf } from './resource-ref.decorator.js';

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

/** The request a described operation answers (its parameters are the route's). */
type Request = FastifyRequest<{ Params: Record<string, string> }>;

/**
 * The HTTP routes of a described resource, the same for every one and derived from its descriptor: the
 * operations it has (create, query, HEAD, get, update and delete in a collection; get, put, update and delete
 * of a singleton), each declared by its operation in the table (`@Operation`: method, path, scopes), the
 * resource addressed by the descriptor's identity. Each handler takes the request alone and is one call; the
 * service decides. The gateway runs these handlers from its own dispatch (`described-routes.ts`), which
 * authorizes as the guard does without Nest's per-request pipeline; Nest's metadata declares the routes.
 */
export function resourceController(
  resource: Descriptor,
  { inStore = false, hooks = {} }: ResourceControllerOptions = {},
): Type<unknown> {
  // The owning service validates every body once, whatever the transport; some resources also at the edge.
  const body = (dto: ClassConstructor<object>, request: Request): unknown =>
    resource.validateAtEdge ? parseDto(dto, request.body) : request.body;
  const updateBody = resource.update?.body ?? UpdateRequestDto;
  const identity = resource.identity;
  const ref = (request: Request) => resourceRefOf(request, identity);
  const query = (request: Request) => request.query as RawQuery;

  @Controller()
  class ResourceController implements DescribedHandlers {
    private readonly client: ResourceClient;

    private readonly deps: { rpc: RpcClient; expander: Expander };

    constructor(rpc: RpcClient, expander: Expander) {
      this.client = new ResourceClient(rpc, expander, resource, hooks.expand);
      this.deps = { rpc, expander };
    }

    create(@Req() request: Request) {
      const draft = body(resource.draft, request);
      return this.client.create(requestContextOf(request), draft, query(request), hooks.create?.(request));
    }

    query(@Req() request: Request) {
      const ctx = requestContextOf(request);
      return hooks.query?.(ctx, query(request), this.deps) ?? this.client.query(ctx, query(request));
    }

    existsWhere(@Req() request: Request) {
      return this.client.exists(requestContextOf(request), undefined, query(request));
    }

    get(@Req() request: Request) {
      return this.client.get(requestContextOf(request), ref(request), query(request));
    }

    exists(@Req() request: Request) {
      return this.client.exists(requestContextOf(request), ref(request), query(request));
    }

    update(@Req() request: Request) {
      const update = body(updateBody, request);
      return this.client.update(requestContextOf(request), ref(request), update, query(request));
    }

    put(@Req() request: Request) {
      return this.client.put(requestContextOf(request), body(resource.draft, request));
    }

    delete(@Req() request: Request) {
      return this.client.delete(requestContextOf(request), ref(request), query(request));
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
    const status = operation === 'create' ? 201 : 200;
    // 201 for a create, 200 for everything else (an update by POST too: Nest's default for a POST is 201).
    applyDecorators(
      OperationRoute(id, entries[id]),
      HttpCode(status),
      DescribedRoute({ operation: id, handler: operation, status }),
      ...describedBody(resource, operation),
    )(ResourceController.prototype, operation, route);
  }
  Object.defineProperty(ResourceController, 'name', {
    value: `${inStore ? 'InStore' : ''}${resource.path}Controller`,
  });
  return ResourceController;
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
