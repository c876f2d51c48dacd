import { Subjects, type ProductSelectionSetting, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** Spec, Limits: a Store's configuration may be cached for up to one minute. */
export const STORE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The product selections of Stores, read from stores-service and kept for at most a minute;
 * `evt.stores.store-changed` drops an entry at once.
 */
@Injectable()
export class StoreSettingsCache {
  private readonly cache = new Map<string, { settings: ProductSelectionSetting[]; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async get(ctx: RequestContext, storeKey: string): Promise<ProductSelectionSetting[]> {
    const id = `${ctx.projectKey}/${storeKey}`;
    const cached = this.cache.get(id);
    if (cached && cached.until > Date.now()) return cached.settings;
    const store = await this.rpc.send(Subjects.stores.store.get, { ctx, ref: { key: storeKey } });
    this.cache.delete(id);
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { settings: store.productSelections, until: Date.now() + STORE_CACHE_TTL_MS });
    return store.productSelections;
  }

  invalidate(projectKey: string, storeKey: string): void {
    this.cache.delete(`${projectKey}/${storeKey}`);
  }
}
