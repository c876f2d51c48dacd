import type {
  Channel,
  CustomerGroup,
  ProductDiscount,
  RequestContext,
  StandalonePrice,
  StandalonePriceDraftDto,
  Type,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ResourceEngine } from '@commerce/resources';
import { StandalonePriceImporter, type StandalonePriceImportLookup } from './standalone-price-import.js';

const ctx: RequestContext = {
  projectKey: 'p',
  correlationId: 'c',
  actor: { clientId: 'importer', attributedTo: { clientId: 'importer', source: 'Import' } },
};
const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount });

const known = {
  customerGroups: [{ id: 'group-id', key: 'vip' } as CustomerGroup],
  channels: [{ id: 'channel-id', key: 'shop', roles: ['ProductDistribution'] } as unknown as Channel],
  productDiscounts: [{ id: 'discount-id', key: 'sale' } as ProductDiscount],
  types: [
    {
      id: 'type-id',
      key: 'notes',
      resourceTypeIds: ['standalone-price'],
      fieldDefinitions: [{ name: 'note', type: { name: 'String' }, required: false }],
    } as unknown as Type,
  ],
};

type Update = { version: number; actions: Array<Record<string, unknown>> };

/** A standalone price engine over a map by key, and lookups over it and `known`. */
function setUp(stored: StandalonePrice[] = [], failures: Error[] = []) {
  const prices = new Map(stored.map((price) => [price.key!, price]));
  const created: Record<string, unknown>[] = [];
  const updates: Update[] = [];
  const engine = {
    create: async (_: RequestContext, draft: Record<string, unknown>) => {
      const failure = failures.shift();
      if (failure) throw failure;
      created.push(JSON.parse(JSON.stringify(draft)));
      const price = { ...draft, id: `id-${String(draft.key)}`, version: 1 } as unknown as StandalonePrice;
      prices.set(price.key!, price);
      return price;
    },
    update: async (_: RequestContext, ref: { id: string }, update: Update) => {
      const failure = failures.shift();
      if (failure) throw failure;
      updates.push(update);
      const current = [...prices.values()].find((price) => price.id === ref.id)!;
      const next = { ...current, version: current.version + 1 };
      prices.set(next.key!, next);
      return next;
    },
  } as unknown as ResourceEngine<StandalonePrice, StandalonePriceDraftDto>;
  const among =
    <T extends { key?: string }>(list: T[]) =>
    async (_: RequestContext, keys: string[]) =>
      list.filter((item) => keys.includes(item.key!));
  const lookup: StandalonePriceImportLookup = {
    prices: async (_, keys) => keys.flatMap((key) => (prices.has(key) ? [prices.get(key)!] : [])),
    customerGroups: among(known.customerGroups),
    channels: among(known.channels),
    productDiscounts: among(known.productDiscounts),
    types: among(known.types),
  };
  return { importer: new StandalonePriceImporter(lookup, engine), created, updates };
}

const item = (operationId: string, price: Record<string, unknown> = {}) => ({
  operationId,
  price: { key: 'sp-1', sku: 'sku-1', value: eur(1000), ...price },
});
const storedPrice = (fields: Partial<StandalonePrice> = {}) =>
  ({
    id: 'id-sp-1',
    version: 2,
    key: 'sp-1',
    sku: 'sku-1',
    value: { ...eur(500), fractionDigits: 2 },
    active: true,
    ...fields,
  }) as StandalonePrice;

describe(StandalonePriceImporter.name, () => {
  it('creates a price with every reference by id', async () => {
    const { importer, created } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', {
        country: 'DE',
        customerGroup: { typeId: 'customer-group', key: 'vip' },
        channel: { typeId: 'channel', key: 'shop' },
        discounted: { value: eur(800), discount: { typeId: 'product-discount', key: 'sale' } },
        custom: { type: { typeId: 'type', key: 'notes' }, fields: { note: { type: 'String', value: 'x' } } },
        tiers: [{ minimumQuantity: 3, value: eur(900) }],
      }),
    ]);
    expect(outcomes).toEqual([{ operationId: 'op-1', state: 'imported', resourceVersion: 1 }]);
    expect(created).toEqual([
      {
        key: 'sp-1',
        sku: 'sku-1',
        value: eur(1000),
        country: 'DE',
        customerGroup: { typeId: 'customer-group', id: 'group-id' },
        channel: { typeId: 'channel', id: 'channel-id' },
        tiers: [{ minimumQuantity: 3, value: eur(900) }],
        discounted: { value: eur(800), discount: { typeId: 'product-discount', id: 'discount-id' } },
        custom: { type: { typeId: 'type', id: 'type-id' }, fields: { note: 'x' } },
        active: true,
      },
    ]);
  });

  it('names every missing reference as unresolved and writes nothing', async () => {
    const { importer, created } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', {
        customerGroup: { typeId: 'customer-group', key: 'nobody' },
        channel: { typeId: 'channel', key: 'nowhere' },
        discounted: { value: eur(1), discount: { typeId: 'product-discount', key: 'none' } },
        custom: { type: { typeId: 'type', key: 'nothing' } },
      }),
    ]);
    expect(outcomes).toEqual([
      {
        operationId: 'op-1',
        state: 'unresolved',
        unresolvedReferences: [
          { typeId: 'customer-group', key: 'nobody' },
          { typeId: 'channel', key: 'nowhere' },
          { typeId: 'product-discount', key: 'none' },
          { typeId: 'type', key: 'nothing' },
        ],
      },
    ]);
    expect(created).toEqual([]);
  });

  it('updates the price with that key to the imported values at its version', async () => {
    const { importer, updates } = setUp([storedPrice({ validFrom: '2026-01-01T00:00:00.000Z' })]);
    const outcomes = await importer.import(ctx, [item('op-1', { value: eur(700), active: false })]);
    expect(outcomes).toEqual([{ operationId: 'op-1', state: 'imported', resourceVersion: 3 }]);
    expect(updates).toEqual([
      {
        version: 2,
        actions: [
          { action: 'changeValue', value: eur(700) },
          { action: 'setPriceTiers', tiers: [] },
          { action: 'setValidFromAndUntil', validFrom: undefined, validUntil: undefined },
          { action: 'setDiscountedPrice', discounted: undefined },
          { action: 'setCustomType' },
          { action: 'changeActive', active: false },
        ],
      },
    ]);
  });

  it('rejects a change of SKU or scope and what the engine refuses; fails what can not be built', async () => {
    const { importer, updates } = setUp(
      [storedPrice()],
      [Errors.invalidInput('The currency of a standalone price cannot change (EUR).')],
    );
    const outcomes = await importer.import(ctx, [
      item('op-1', { country: 'FR' }),
      item('op-2', { value: { type: 'centPrecision', currencyCode: 'USD', centAmount: 1 } }),
      item('op-3', {
        key: 'sp-3',
        value: { type: 'highPrecision', currencyCode: 'EUR', fractionDigits: 2, preciseAmount: 1 },
      }),
      item('op-4', { key: 'sp-4', sku: '' }),
    ]);
    expect(outcomes.map((outcome) => [outcome.state, 'errors' in outcome && outcome.errors[0].code])).toEqual(
      [
        ['rejected', 'InvalidOperation'],
        ['rejected', 'InvalidInput'],
        ['validationFailed', 'InvalidField'],
        ['validationFailed', 'InvalidJsonInput'],
      ],
    );
    expect(updates).toEqual([]);
  });
});
