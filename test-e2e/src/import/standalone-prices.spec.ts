import type { StandalonePriceImport } from '@commercetools/importapi-sdk';
import type { StandalonePrice } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { messagesOf, newChannel, newCustomerGroup, newType } from '../catalog/catalog-helpers.js';
import { failure, importApi, newContainer, operationIn, type ImportApi } from './import-helpers.js';

async function importStandalonePrices(
  importer: ImportApi,
  containerKey: string,
  resources: StandalonePriceImport[],
) {
  const { statusCode, body } = await importer
    .standalonePrices()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .post({ body: { type: 'standalone-price', resources } })
    .execute();
  expect(statusCode).toBe(201);
  return body.operationStatus.map(({ operationId }) => operationId!);
}

const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount });

const priceImport = (overrides: Partial<StandalonePriceImport> = {}): StandalonePriceImport => ({
  key: uniqueKey('standalone'),
  sku: uniqueKey('sku'),
  value: eur(1000),
  ...overrides,
});

const priceByKey = (key: string) => api.get<StandalonePrice>(`standalone-prices/key=${key}`);

async function summaryOf(importer: ImportApi, containerKey: string) {
  const { body } = await importer
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .importSummaries()
    .get()
    .execute();
  return body;
}

describe('Standalone price import', () => {
  it('creates a price with its references, then updates it by key; the same values again change nothing', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const group = await newCustomerGroup();
    const channel = await newChannel({ roles: ['ProductDistribution'] });
    const type = await newType(['standalone-price']);
    const first = priceImport({
      country: 'DE',
      customerGroup: { typeId: 'customer-group', key: group.key },
      channel: { typeId: 'channel', key: channel.key },
      validFrom: '2026-01-01T00:00:00.000Z',
      tiers: [{ minimumQuantity: 5, value: eur(900) }],
      custom: {
        type: { typeId: 'type', key: type.key },
        fields: { note: { type: 'String', value: 'list' } },
      },
    });
    const [created] = await importStandalonePrices(importer, container.key, [first]);
    expect((await operationIn(importer, created, ['imported'])).resourceVersion).toBe(1);
    const stored = (await priceByKey(first.key)).body;
    expect(stored).toMatchObject({
      version: 1,
      sku: first.sku,
      value: { ...eur(1000), fractionDigits: 2 },
      country: 'DE',
      customerGroup: { typeId: 'customer-group', id: group.id },
      channel: { typeId: 'channel', id: channel.id },
      validFrom: '2026-01-01T00:00:00.000Z',
      tiers: [{ minimumQuantity: 5, value: expect.objectContaining({ centAmount: 900 }) }],
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'list' } },
      active: true,
      createdBy: { attributedTo: { source: 'Import' } },
    });

    const changed = { ...first, value: eur(1200), validFrom: undefined, active: false };
    const [updated] = await importStandalonePrices(importer, container.key, [changed]);
    expect((await operationIn(importer, updated, ['imported'])).resourceVersion).toBe(2);
    const after = (await priceByKey(first.key)).body;
    expect(after).toMatchObject({
      id: stored.id,
      version: 2,
      value: expect.objectContaining({ centAmount: 1200 }),
      active: false,
      lastModifiedBy: { attributedTo: { source: 'Import' } },
    });
    expect(after.validFrom).toBeUndefined();
    const messages = await messagesOf(stored.id, 2);
    expect(messages.map((message) => message.type)).toEqual(
      expect.arrayContaining([
        'StandalonePriceCreated',
        'StandalonePriceValueChanged',
        'StandalonePriceActiveChanged',
      ]),
    );

    const [again] = await importStandalonePrices(importer, container.key, [changed]);
    expect((await operationIn(importer, again, ['imported'])).resourceVersion).toBe(2);
    expect((await priceByKey(first.key)).body.version).toBe(2);
  });

  it('stays unresolved while its customer group does not exist, then imports once it is created', async () => {
    const importer = await importApi();
    const container = await newContainer(importer, 'standalone-price');
    const groupKey = uniqueKey('group');
    const price = priceImport({ customerGroup: { typeId: 'customer-group', key: groupKey } });
    const [operationId] = await importStandalonePrices(importer, container.key, [price]);
    const waiting = await operationIn(importer, operationId, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([{ typeId: 'customer-group', key: groupKey }]);
    expect((await priceByKey(price.key)).status).toBe(404);
    const group = await newCustomerGroup({ key: groupKey });
    expect(await operationIn(importer, operationId, ['imported'])).toMatchObject({ resourceVersion: 1 });
    expect((await priceByKey(price.key)).body).toMatchObject({
      customerGroup: { typeId: 'customer-group', id: group.id },
    });
  });

  it('rejects a change of scope alone, refuses invalid fields with 400, and counts the operations', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const existing = priceImport();
    const [seeded] = await importStandalonePrices(importer, container.key, [existing]);
    await operationIn(importer, seeded, ['imported']);
    const [moved, fine] = await importStandalonePrices(importer, container.key, [
      { ...existing, country: 'FR' },
      priceImport(),
    ]);
    const rejected = await operationIn(importer, moved, ['rejected']);
    expect(rejected.errors).toEqual([expect.objectContaining({ code: 'InvalidOperation' })]);
    await operationIn(importer, fine, ['imported']);
    expect((await priceByKey(existing.key)).body.country).toBeUndefined();

    const refused = await failure(
      importStandalonePrices(importer, container.key, [
        priceImport(),
        priceImport({ value: { ...eur(1), currencyCode: 'euro' } }),
        priceImport({ country: 'fr', tiers: [{ minimumQuantity: 1, value: eur(1) }] }),
      ]),
    );
    expect(refused.statusCode).toBe(400);
    const named = refused.body.errors.map((e: { field: string; resourceIndex: number }) => [
      e.field,
      e.resourceIndex,
    ]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['resources.1.value.currencyCode', 1],
        ['resources.2.country', 2],
        ['resources.2.tiers.0.minimumQuantity', 2],
      ]),
    );
    expect(await summaryOf(importer, container.key)).toMatchObject({
      states: { imported: 2, rejected: 1, unresolved: 0, processing: 0, validationFailed: 0 },
      total: 3,
    });
  });
});
