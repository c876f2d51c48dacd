import {
  UpdateRequestDto,
  versionOf,
  type Order,
  type OrderImportDraftDto,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';

const quoted = (value: string) => JSON.stringify(value);

/** `where` with one more predicate ANDed to the caller's. */
export function narrowed(query: RawQuery | undefined, predicate: string): RawQuery {
  const where = query?.where === undefined ? [] : [query.where].flat();
  return { ...query, where: [...where, predicate] };
}

/**
 * Whose orders a request may see: all of the project's, a Store's (`/in-store/key={storeKey}/orders`), or,
 * on `/me/orders`, the token's customer's or anonymous session's (within the Store, in-store). Anything
 * else answers 404, never revealing that it exists.
 */
export interface OrderScope {
  store?: string;
  owner?: { customerId: string } | { anonymousId: string };
}

export function scopeOf(ctx: RequestContext, me: boolean): OrderScope {
  const store = ctx.storeKey ? { store: ctx.storeKey } : {};
  if (!me) return store;
  if (ctx.actor.customerId) return { ...store, owner: { customerId: ctx.actor.customerId } };
  if (ctx.actor.anonymousId) return { ...store, owner: { anonymousId: ctx.actor.anonymousId } };
  throw Errors.resourceNotFound({ key: 'me' });
}

export function inScope(scope: OrderScope, order: Order): boolean {
  if (scope.store !== undefined && order.store?.key !== scope.store) return false;
  if (!scope.owner) return true;
  return 'customerId' in scope.owner
    ? order.customerId === scope.owner.customerId
    : order.anonymousId === scope.owner.anonymousId && !order.customerId;
}

function scopedQuery(scope: OrderScope, query: RawQuery | undefined): RawQuery | undefined {
  let scoped = query;
  if (scope.store !== undefined) scoped = narrowed(scoped, `store(key = ${quoted(scope.store)})`);
  if (scope.owner) {
    scoped = narrowed(
      scoped,
      'customerId' in scope.owner
        ? `customerId = ${quoted(scope.owner.customerId)}`
        : `anonymousId = ${quoted(scope.owner.anonymousId)} and customerId is not defined`,
    );
  }
  return scoped;
}

/** Reads and writes of orders through the Order engine, each confined to the request's scope. */
export class ScopedOrders {
  constructor(private readonly engine: ResourceEngine<Order, OrderImportDraftDto>) {}

  async get(ctx: RequestContext, ref: unknown, scope = scopeOf(ctx, false)): Promise<Order> {
    const order = await this.engine.find(ctx, ref);
    if (!order || !inScope(scope, order)) throw Errors.resourceNotFound(ref as { id: string });
    return order;
  }

  query(
    ctx: RequestContext,
    query: RawQuery | undefined,
    scope = scopeOf(ctx, false),
  ): Promise<PagedQueryResponse<Order>> {
    return this.engine.query(ctx, scopedQuery(scope, query));
  }

  async exists(ctx: RequestContext, ref: unknown, query: RawQuery | undefined, scope = scopeOf(ctx, false)) {
    if (ref !== undefined && ref !== null) {
      const order = await this.engine.find(ctx, ref);
      return order !== undefined && inScope(scope, order);
    }
    return this.engine.exists(ctx, undefined, scopedQuery(scope, query));
  }

  async update(ctx: RequestContext, ref: unknown, update: unknown): Promise<Order> {
    const scope = scopeOf(ctx, false);
    if (scope.store !== undefined) await this.get(ctx, ref, scope);
    parseDto(UpdateRequestDto, update);
    return this.engine.update(ctx, ref, update);
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<Order> {
    const scope = scopeOf(ctx, false);
    if (scope.store !== undefined) await this.get(ctx, ref, scope);
    versionOf(version);
    return this.engine.delete(ctx, ref, version);
  }

  /** `POST /orders/import` (not in a Store): the order as given, Message OrderImported. */
  import(ctx: RequestContext, draft: unknown): Promise<Order> {
    return this.engine.create(ctx, draft);
  }
}
