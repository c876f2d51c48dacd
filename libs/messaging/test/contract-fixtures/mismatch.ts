// Compiled by contract-typecheck.spec.ts, which expects exactly the errors marked `expect-error`.
import { Subjects, type RequestContext, type Store } from '@commerce/contracts';
import { Handles, type RpcClient } from '../../src/index.js';

declare const rpc: RpcClient;
declare const ctx: RequestContext;
declare const store: Store;

export async function caller(): Promise<unknown> {
  // A get names its resource by `ref`, not by `id`.
  await rpc.send(Subjects.stores.store.get, { ctx, id: 'x' }); // expect-error TS2353
  const found = await rpc.send(Subjects.stores.store.get, { ctx, ref: { id: 'x' } });
  // The answer is a Store, not a page.
  return found.results; // expect-error TS2339
}

export class StoreHandlers {
  // Answers a page where the contract promises a Store.
  @Handles(Subjects.stores.store.get) // expect-error TS1241
  get(): Promise<{ results: Store[] }> {
    return Promise.resolve({ results: [store] });
  }

  // Needs a field no caller sends.
  @Handles(Subjects.stores.store.delete) // expect-error TS1241
  delete(request: { ctx: RequestContext; ref: unknown; version: number; force: boolean }): Store {
    return { ...store, version: request.force ? 0 : request.version };
  }
}
