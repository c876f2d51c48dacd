import type { StoreUpdateAction } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { channelDraft, productSelectionDraft, storeDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

/** Creates `count` resources, a few requests at a time. */
async function createMany(path: string, count: number, draft: () => object): Promise<Array<{ id: string }>> {
  const created: Array<{ id: string }> = [];
  while (created.length < count) {
    const batch = Math.min(10, count - created.length);
    created.push(...(await Promise.all(Array.from({ length: batch }, () => api.create(path, draft())))));
  }
  return created;
}

const limitError = (exceededResource: string) => ({
  statusCode: 400,
  errors: [
    {
      code: 'MaxResourceLimitExceeded',
      exceededResource,
      message: `You have exceeded the limit of 100 resources of type ${exceededResource}.`,
    },
  ],
});

let channels: Array<{ id: string }>;
let selections: Array<{ id: string }>;

beforeAll(async () => {
  channels = await createMany('channels', 101, () =>
    channelDraft(['ProductDistribution', 'InventorySupply']),
  );
  selections = await createMany('product-selections', 101, () => productSelectionDraft());
}, 60_000);

const channelIds = (count: number) => channels.slice(0, count).map(({ id }) => ({ typeId: 'channel', id }));
const selectionSettings = (count: number) =>
  selections.slice(0, count).map(({ id }) => ({ productSelection: { typeId: 'product-selection', id } }));

describe('Store limits: 100 channels of each kind and 100 product selections', () => {
  it.each(['distributionChannels', 'supplyChannels'])(
    'refuses a draft with 101 %s: 400 MaxResourceLimitExceeded channel',
    async (field) => {
      const response = await api.post('stores', storeDraft({ [field]: channelIds(101) }));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(limitError('channel'));
    },
  );

  it('refuses a draft with 101 product selections: 400 MaxResourceLimitExceeded product-selection', async () => {
    const response = await api.post('stores', storeDraft({ productSelections: selectionSettings(101) }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(limitError('product-selection'));
  });

  it('accepts exactly 100 of each in a draft', async () => {
    const response = await api.post(
      'stores',
      storeDraft({
        distributionChannels: channelIds(100),
        supplyChannels: channelIds(100),
        productSelections: selectionSettings(100),
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.distributionChannels).toHaveLength(100);
    expect(response.body.supplyChannels).toHaveLength(100);
    expect(response.body.productSelections).toHaveLength(100);
  });

  it.each([
    ['setSupplyChannels', { supplyChannels: channelIds.bind(null, 101) }, 'channel'],
    ['setDistributionChannels', { distributionChannels: channelIds.bind(null, 101) }, 'channel'],
    ['setProductSelections', { productSelections: selectionSettings.bind(null, 101) }, 'product-selection'],
  ] as const)('refuses %s with 101 entries through the SDK', async (action, fields, resource) => {
    const store = await api.create('stores', storeDraft());
    const [[field, values]] = Object.entries(fields);
    const client = await sdk();
    const body = { version: store.version, actions: [{ action, [field]: values() } as StoreUpdateAction] };
    await expect(client.stores().withId({ ID: store.id }).post({ body }).execute()).rejects.toMatchObject({
      statusCode: 400,
      body: limitError(resource),
    });
    expect((await api.get(`stores/${store.id}`)).body.version).toBe(store.version);
  });

  it.each([
    ['addSupplyChannel', 'supplyChannels', 'supplyChannel'],
    ['addDistributionChannel', 'distributionChannels', 'distributionChannel'],
  ])('refuses %s of a 101st channel', async (action, field, single) => {
    const store = await api.create('stores', storeDraft({ [field]: channelIds(100) }));
    const response = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action, [single]: { typeId: 'channel', id: channels[100].id } }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(limitError('channel'));
  });

  it('refuses addProductSelection of a 101st selection', async () => {
    const store = await api.create('stores', storeDraft({ productSelections: selectionSettings(100) }));
    const response = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [
        {
          action: 'addProductSelection',
          productSelection: { typeId: 'product-selection', id: selections[100].id },
        },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject(limitError('product-selection'));
  });
});
