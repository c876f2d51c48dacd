import type { RequestContext, ResolvedReference } from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import { ReferenceLoader } from './reference-loader.js';

const ctx: RequestContext = { projectKey: 'p', correlationId: 'c', actor: {} };

/** An RpcClient that answers `<prefix>.resolve` from a table and records every call. */
function fakeRpc(resources: Record<string, { typeId: string; id: string; key?: string }[]>) {
  const calls: { subject: string; refs: { typeId: string; id?: string; key?: string }[] }[] = [];
  const rpc = {
    send: (subject: string, payload: { refs: { typeId: string; id?: string; key?: string }[] }) => {
      calls.push({ subject, refs: payload.refs });
      const owned = resources[subject] ?? [];
      const found: ResolvedReference[] = owned
        .filter((resource) =>
          payload.refs.some(
            (ref) => ref.typeId === resource.typeId && (ref.id === resource.id || ref.key === resource.key),
          ),
        )
        .map(({ typeId, id, key }) => ({ typeId, resource: { id, ...(key ? { key } : {}) } }));
      return Promise.resolve(found);
    },
  };
  return { rpc: rpc as unknown as RpcClient, calls };
}

describe(ReferenceLoader.name, () => {
  it('asks each owner once for all the references of one tick, each reference once', async () => {
    const channels = Array.from({ length: 100 }, (_, i) => ({
      typeId: 'channel',
      id: `c${i}`,
      key: `k${i}`,
    }));
    const { rpc, calls } = fakeRpc({
      'catalog.resolve': channels,
      'stores.resolve': [{ typeId: 'store', id: 's1', key: 'berlin' }],
    });
    const loader = new ReferenceLoader(rpc, ctx);
    const stores = Array.from({ length: 100 }, (_, i) => [
      { typeId: 'channel', id: `c${i}` },
      { typeId: 'channel', id: `c${(i + 1) % 100}` },
    ]);
    const [lists, store] = await Promise.all([
      Promise.all(stores.map((refs) => loader.loadMany(refs))),
      loader.load({ typeId: 'store', key: 'berlin' }),
    ]);
    expect(lists[5].map((channel) => channel.id)).toEqual(['c5', 'c6']);
    expect(store).toEqual({ id: 's1', key: 'berlin' });
    expect(calls.map((call) => call.subject).sort()).toEqual(['catalog.resolve', 'stores.resolve']);
    expect(calls.find((call) => call.subject === 'catalog.resolve')!.refs).toHaveLength(100);
  });

  it('answers null for a reference that is gone and leaves it out of lists', async () => {
    const { rpc } = fakeRpc({ 'catalog.resolve': [{ typeId: 'channel', id: 'c1' }] });
    const loader = new ReferenceLoader(rpc, ctx);
    expect(await loader.load({ typeId: 'channel', id: 'gone' })).toBeNull();
    expect(
      await loader.loadMany([
        { typeId: 'channel', id: 'c1' },
        { typeId: 'channel', id: 'gone' },
      ]),
    ).toEqual([{ id: 'c1' }]);
  });
});
