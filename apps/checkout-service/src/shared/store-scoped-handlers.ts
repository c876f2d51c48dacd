import type { PagedQueryResponse, RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine, VersionedResource } from '@commerce/resources';

const whereOf = (raw: RawQuery | undefined): string[] =>
  raw?.where === undefined ? [] : Array.isArray(raw.where) ? raw.where : [raw.where];

/** A resource that belongs to the Stores its `stores` name (cart discounts; discount codes, derived). */
interface InStores extends VersionedResource {
  stores: readonly { key: string }[];
}

/**
 * A resource's six subjects with the Store rule of the in-store routes (`ctx.storeKey`): only the resources
 * whose `stores` hold the Store exist there (any other answers 404, never revealing it), and a query sees
 * only those. Without a Store, the engine unchanged. Each resource's handlers extend it with its type (the
 * compiler then checks them against `ResourceHandlers`). Creating in a Store is the definition's part (it knows
 * where the Store goes in the draft).
 */
export class StoreScopedHandlers<T extends InStores> {
  constructor(private readonly engine: ResourceEngine<T, object>) {}

  create(ctx: RequestContext, draft: unknown): Promise<T> {
    return this.engine.create(ctx, draft);
  }

  async get(ctx: RequestContext, ref: unknown): Promise<T> {
    const resource = await this.engine.get(ctx, ref);
    if (!inStore(ctx, resource)) throw Errors.resourceNotFound(ref as { id: string } | { key: string });
    return resource;
  }

  query(ctx: RequestContext, raw: RawQuery | undefined): Promise<PagedQueryResponse<T>> {
    if (ctx.storeKey === undefined) return this.engine.query(ctx, raw);
    const where = [...whereOf(raw), `stores(key = ${JSON.stringify(ctx.storeKey)})`];
    return this.engine.query(ctx, { ...raw, where });
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery | undefined): Promise<boolean> {
    if (ctx.storeKey === undefined) return this.engine.exists(ctx, ref, raw);
    if (ref === undefined || ref === null)
      return (await this.query(ctx, { ...raw, limit: '1', withTotal: 'false' })).results.length > 0;
    const resource = await this.engine.find(ctx, ref);
    return resource !== undefined && inStore(ctx, resource);
  }

  async update(ctx: RequestContext, ref: unknown, update: unknown): Promise<T> {
    if (ctx.storeKey !== undefined) await this.ownedByStore(ctx, ref);
    return this.engine.update(ctx, ref, update);
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<T> {
    if (ctx.storeKey !== undefined) await this.ownedByStore(ctx, ref);
    return this.engine.delete(ctx, ref, version);
  }

  /** A write in a Store changes only what is that Store's alone: a Store's client must not reach other Stores. */
  private async ownedByStore(ctx: RequestContext, ref: unknown): Promise<void> {
    const resource = await this.get(ctx, ref);
    if (resource.stores.some((store) => store.key !== ctx.storeKey))
      throw Errors.invalidOperation(
        `It applies in other Stores too: change it on the project's endpoint, not in the Store '${ctx.storeKey}'.`,
      );
  }
}

function inStore(ctx: RequestContext, resource: Pick<InStores, 'stores'>): boolean {
  return ctx.storeKey === undefined || resource.stores.some((store) => store.key === ctx.storeKey);
}
