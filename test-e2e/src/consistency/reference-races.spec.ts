import { randomUUID } from 'node:crypto';
import { api } from '../support/api.js';
import {
  channelDraft,
  customerGroupDraft,
  productSelectionDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
  zoneDraft,
} from '../support/factories.js';
import type { HttpResponse } from '../support/http.js';

/**
 * Every cross-service reference (CROSS_SERVICE_REFERENCES, docs/CONSISTENCY.md) raced against the deletion of
 * its target: TRIES times, the referencing write and the deletion are sent together. Whatever the
 * interleaving, once both settled no resource refers to a deleted one, the deletion either succeeded or was
 * refused with `ReferenceExists` naming the referencing type, and the write either succeeded or named the
 * missing target. Nothing here depends on timing: only the settled state is asserted.
 */
const TRIES = 40;
const BATCH = 8;

interface Target {
  path: string;
  id: string;
  key: string;
  version: number;
}

interface Race {
  name: string;
  /** The referencing resource type (`referencedBy` of a refused deletion). */
  referrer: string;
  /** Creates the resource to be referenced (and anything the write needs beforehand). */
  target(): Promise<Target & { prepared?: unknown }>;
  /** The referencing write. */
  refer(target: Target & { prepared?: unknown }): Promise<HttpResponse>;
}

async function created(path: string, draft: Record<string, unknown>): Promise<Target> {
  const body = await api.create(path, draft);
  return { path, id: body.id, key: body.key, version: body.version };
}

const customerDraft = (extra: Record<string, unknown> = {}) => ({
  email: `${uniqueKey('race')}@example.com`,
  password: `pw-${randomUUID()}`,
  ...extra,
});

const races: Race[] = [
  {
    name: 'a Store created with a distribution channel',
    referrer: 'store',
    target: () => created('channels', channelDraft()),
    refer: (channel) =>
      api.post('stores', storeDraft({ distributionChannels: [{ typeId: 'channel', id: channel.id }] })),
  },
  {
    name: 'a Store given a supply channel by an update',
    referrer: 'store',
    async target() {
      const store = await api.create('stores', storeDraft());
      return { ...(await created('channels', channelDraft(['InventorySupply']))), prepared: store };
    },
    refer: (channel) => {
      const store = channel.prepared as { id: string; version: number };
      return api.post(`stores/${store.id}`, {
        version: store.version,
        actions: [{ action: 'addSupplyChannel', supplyChannel: { typeId: 'channel', id: channel.id } }],
      });
    },
  },
  {
    name: 'a Store created with a product selection',
    referrer: 'store',
    target: () => created('product-selections', productSelectionDraft()),
    refer: (selection) =>
      api.post(
        'stores',
        storeDraft({
          productSelections: [
            { productSelection: { typeId: 'product-selection', id: selection.id }, active: true },
          ],
        }),
      ),
  },
  {
    name: 'a Store created with custom fields of a Type',
    referrer: 'store',
    target: () => created('types', typeDraft(['store'])),
    refer: (type) =>
      api.post(
        'stores',
        storeDraft({ custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'x' } } }),
      ),
  },
  {
    name: 'a customer created in a Store',
    referrer: 'customer',
    target: () => created('stores', storeDraft()),
    refer: (store) => api.post(`in-store/key=${store.key}/customers`, customerDraft()),
  },
  {
    name: 'a customer created in a customer group',
    referrer: 'customer',
    target: () => created('customer-groups', customerGroupDraft()),
    refer: (group) =>
      api.post('customers', customerDraft({ customerGroup: { typeId: 'customer-group', id: group.id } })),
  },
  {
    name: 'a customer put in a customer group by an update',
    referrer: 'customer',
    async target() {
      const { customer } = await api.create('customers', customerDraft());
      return { ...(await created('customer-groups', customerGroupDraft())), prepared: customer };
    },
    refer: (group) => {
      const customer = group.prepared as { id: string; version: number };
      return api.post(`customers/${customer.id}`, {
        version: customer.version,
        actions: [{ action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', id: group.id } }],
      });
    },
  },
  {
    name: 'a customer created with custom fields of a Type',
    referrer: 'customer',
    target: () => created('types', typeDraft(['customer'])),
    refer: (type) =>
      api.post(
        'customers',
        customerDraft({ custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'x' } } }),
      ),
  },
  {
    name: 'a shipping method created with a tax category',
    referrer: 'shipping-method',
    async target() {
      return { ...(await created('tax-categories', taxCategoryDraft())), prepared: await raceZone() };
    },
    refer: (taxCategory) =>
      api.post('shipping-methods', shippingMethodDraft(taxCategory.prepared, taxCategory.id)),
  },
  {
    name: 'a shipping method created for a Store',
    referrer: 'shipping-method',
    async target() {
      const zone = await raceZone();
      const taxCategory = await api.create('tax-categories', taxCategoryDraft());
      return { ...(await created('stores', storeDraft())), prepared: { zone, taxCategory } };
    },
    refer: (store) => {
      const { zone, taxCategory } = store.prepared as { zone: unknown; taxCategory: { id: string } };
      return api.post('shipping-methods', {
        ...shippingMethodDraft(zone, taxCategory.id),
        stores: [{ typeId: 'store', key: store.key }],
      });
    },
  },
];

/** One zone for every shipping method of the races: a project has at most 100 zones. */
let zoneOfRaces: Promise<unknown> | undefined;
const raceZone = () => (zoneOfRaces ??= api.create('zones', zoneDraft()));

function shippingMethodDraft(zone: unknown, taxCategoryId: string) {
  return {
    name: uniqueKey('race'),
    taxCategory: { typeId: 'tax-category', id: taxCategoryId },
    zoneRates: [
      {
        zone: { typeId: 'zone', id: (zone as { id: string }).id },
        shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 100 } }],
      },
    ],
    isDefault: false,
  };
}

interface Outcome {
  target: Target;
  write: HttpResponse;
  deletion: HttpResponse;
}

async function attempt(race: Race): Promise<Outcome> {
  const target = await race.target();
  const [write, deletion] = await Promise.all([
    race.refer(target),
    api.delete(`${target.path}/${target.id}?version=${target.version}`),
  ]);
  return { target, write, deletion };
}

describe('cross-service references raced against the deletion of their target', () => {
  it.each(races.map((race) => [race.name, race] as const))(
    `%s: after ${TRIES} concurrent tries nothing refers to a deleted resource`,
    async (_name, race) => {
      const outcomes: Outcome[] = [];
      for (let i = 0; i < TRIES; i += BATCH) {
        outcomes.push(...(await Promise.all(Array.from({ length: BATCH }, () => attempt(race)))));
      }
      const dangling: string[] = [];
      for (const { target, write, deletion } of outcomes) {
        expect([200, 201, 400]).toContain(write.status);
        if (write.status === 400) expect(write.body.errors[0].code).toBe('ReferencedResourceNotFound');
        expect([200, 400]).toContain(deletion.status);
        if (deletion.status === 400) {
          expect(deletion.body.errors[0]).toMatchObject({
            code: 'ReferenceExists',
            referencedBy: race.referrer,
          });
        }
        const stillThere = (await api.get(`${target.path}/${target.id}`)).status === 200;
        if (write.status !== 400 && !stillThere) dangling.push(`${target.path}/${target.id}`);
        // A refused deletion is explained by a reference that really exists.
        if (deletion.status === 400) expect(write.status).not.toBe(400);
      }
      expect(dangling).toEqual([]);
    },
  );
});
