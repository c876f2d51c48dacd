// Compiled by contract-typecheck.spec.ts: a caller and a handler that keep the contract compile.
import { Subjects, type RequestContext, type Store } from '@commerce/contracts';
import { Handles, type RpcClient } from '../../src/index.js';

declare const rpc: RpcClient;
declare const ctx: RequestContext;
declare const store: Store;

export async function caller(): Promise<string> {
  const found = await rpc.send(Subjects.stores.store.get, { ctx, ref: { key: 'berlin' } });
  return found.key;
}

export class StoreHandlers {
  @Handles(Subjects.stores.store.get)
  get(request: { ctx: RequestContext; ref: unknown }): Promise<Store> {
    return Promise.resolve({ ...store, key: String(request.ctx.projectKey) });
  }

  @Handles(Subjects.stores.store.exists)
  exists(): boolean {
    return true;
  }
}
