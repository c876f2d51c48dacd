import type { Project, RequestContext, Store } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import type { EventBus, RpcClient } from '@commerce/messaging';
import type { ActionContext, ActionTable, ProjectSettings, ReferenceResolver } from '@commerce/resources';
import { basicActions } from './store-basic-actions.js';
import { channelActionTable } from './store-channel-actions.js';
import type { StoreDeps } from './store-deps.js';
import { diff } from './store-diff.js';

const ctx: RequestContext = { projectKey: 'p', correlationId: 'c', actor: {} };
const context = { ctx, db: { query: () => Promise.resolve([]) } } as unknown as ActionContext;

const channels = new Map<string, { id: string; key: string; roles: string[] }>();
for (let i = 0; i < 102; i++)
  channels.set(`c${i}`, { id: `c${i}`, key: `key${i}`, roles: ['ProductDistribution'] });
channels.set('supply', { id: 'supply', key: 'supply', roles: ['InventorySupply'] });

const deps: StoreDeps = {
  settings: {
    get: () => Promise.resolve({ languages: ['en', 'de'] } as Project),
  } as unknown as ProjectSettings,
  resolver: {
    require: (_ctx: RequestContext, typeId: string, ids: Array<{ id?: string; key?: string }>) =>
      Promise.resolve(
        ids.map((ref) => {
          const found = [...channels.values()].find((c) => c.id === ref.id || c.key === ref.key);
          if (!found)
            throw Errors.referencedResourceNotFound(typeId, ref.id ? { id: ref.id } : { key: ref.key! });
          return found;
        }),
      ),
  } as unknown as ReferenceResolver,
  events: {} as EventBus,
  rpc: {} as RpcClient,
};

const store = (overrides: Partial<Store> = {}): Store => ({
  id: 's1',
  version: 1,
  key: 'k',
  languages: [],
  countries: [],
  distributionChannels: [],
  supplyChannels: [],
  productSelections: [],
  createdAt: '',
  lastModifiedAt: '',
  ...overrides,
});

const apply = async (name: string, s: Store, action: object) => {
  const table: ActionTable<Store> = { ...basicActions(deps), ...channelActionTable(deps) };
  return table[name].apply(s, action, context);
};

describe('Store actions', () => {
  it('setLanguages refuses languages the project lacks, naming them', async () => {
    const error = (await apply('setLanguages', store(), { languages: ['en', 'fr'] }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.errors[0]).toMatchObject({ code: 'ProjectNotConfiguredForLanguages', languages: ['fr'] });
  });

  it('addCountry changes nothing when the country is there', async () => {
    const s = store({ countries: [{ code: 'DE' }] });
    expect((await apply('addCountry', s, { country: { code: 'DE' } })).resource).toBe(s);
  });

  it('removeCountry reports what it removed', async () => {
    const outcome = await apply('removeCountry', store({ countries: [{ code: 'DE' }, { code: 'US' }] }), {
      country: { code: 'DE' },
    });
    expect(outcome.resource.countries).toEqual([{ code: 'US' }]);
    expect(outcome.messages).toEqual([{ type: 'StoreCountriesChanged', removedCountries: [{ code: 'DE' }] }]);
  });

  it('addDistributionChannel refuses a channel without the role', async () => {
    const error = (await apply('addDistributionChannel', store(), {
      distributionChannel: { id: 'supply' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.errors[0]).toMatchObject({
      code: 'MissingRoleOnChannel',
      missingRole: 'ProductDistribution',
    });
  });

  it('addDistributionChannel refuses a 101st channel with MaxResourceLimitExceeded', async () => {
    const full = store({
      distributionChannels: Array.from({ length: 100 }, (_, i) => ({
        typeId: 'channel' as const,
        id: `c${i}`,
      })),
    });
    const error = (await apply('addDistributionChannel', full, { distributionChannel: { id: 'c101' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.errors[0]).toMatchObject({ code: 'MaxResourceLimitExceeded', exceededResource: 'channel' });
  });

  it('setDistributionChannels refuses 101 channels with MaxResourceLimitExceeded (the Store rule, not the DTO)', async () => {
    const error = (await apply('setDistributionChannels', store(), {
      distributionChannels: Array.from({ length: 101 }, (_, i) => ({ id: `c${i}` })),
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.errors[0]).toMatchObject({ code: 'MaxResourceLimitExceeded', exceededResource: 'channel' });
  });

  it('setDistributionChannels accepts 100 channels named twice (by id and by key)', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => ({ id: `c${i}` }));
    const keys = Array.from({ length: 100 }, (_, i) => ({ key: `key${i}` }));
    const outcome = await apply('setDistributionChannels', store(), {
      distributionChannels: [...ids, ...keys],
    });
    expect(outcome.resource.distributionChannels).toHaveLength(100);
  });

  it('setDistributionChannels refuses a huge list before looking anything up', async () => {
    const error = (await apply('setDistributionChannels', store(), {
      distributionChannels: Array.from({ length: 10_000 }, (_, i) => ({ key: `unknown${i}` })),
    }).catch((e: unknown) => e)) as ApiError;
    expect(error.errors[0]).toMatchObject({ code: 'MaxResourceLimitExceeded', exceededResource: 'channel' });
  });

  it('setDistributionChannels drops duplicates and reports added and removed', async () => {
    const s = store({ distributionChannels: [{ typeId: 'channel', id: 'c1' }] });
    const outcome = await apply('setDistributionChannels', s, {
      distributionChannels: [{ id: 'c2' }, { key: 'key2' }],
    });
    expect(outcome.resource.distributionChannels).toEqual([{ typeId: 'channel', id: 'c2' }]);
    expect(outcome.messages).toEqual([
      {
        type: 'StoreDistributionChannelsChanged',
        addedDistributionChannels: [{ typeId: 'channel', id: 'c2' }],
        removedDistributionChannels: [{ typeId: 'channel', id: 'c1' }],
      },
    ]);
  });
});

describe(diff.name, () => {
  it('finds what was added and removed by key', () => {
    expect(diff([1, 2, 3], [2, 3, 4], String)).toEqual({ added: [4], removed: [1] });
  });
});
