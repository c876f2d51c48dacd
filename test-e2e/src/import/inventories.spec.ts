import type { InventoryImport } from '@commercetools/importapi-sdk';
import type { InventoryEntry } from '@commercetools/platform-sdk';
import pg from 'pg';
import { api } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { messagesOf, newChannel, newType } from '../catalog/catalog-helpers.js';
import { failure, importApi, newContainer, operationIn, type ImportApi } from './import-helpers.js';

async function importInventories(importer: ImportApi, containerKey: string, resources: InventoryImport[]) {
  const { statusCode, body } = await importer
    .inventories()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .post({ body: { type: 'inventory', resources } })
    .execute();
  expect(statusCode).toBe(201);
  return body.operationStatus.map(({ operationId }) => operationId!);
}

const entryImport = (overrides: Partial<InventoryImport> = {}): InventoryImport => ({
  key: uniqueKey('entry'),
  sku: uniqueKey('sku'),
  quantityOnStock: 10,
  ...overrides,
});

const entryByKey = (key: string) => api.get<InventoryEntry>(`inventory/key=${key}`);

async function summaryOf(importer: ImportApi, containerKey: string) {
  const { body } = await importer
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .importSummaries()
    .get()
    .execute();
  return body;
}

/**
 * The operation as if its worker died after the write committed and before the outcome was recorded: due
 * again, `processing`, behind the API's back.
 */
async function loseOutcome(operationId: string): Promise<void> {
  const client = new pg.Client({ connectionString: (await platform()).databaseUrl });
  await client.connect();
  try {
    const reset = await client.query(
      `UPDATE "import"."import_operations"
       SET state = 'processing', due_at = now(), claimed_by = NULL,
           doc = (doc - 'resourceVersion') || '{"state": "processing"}'::jsonb
       WHERE id = $1`,
      [operationId],
    );
    expect(reset.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

describe('Inventory import', () => {
  it('creates entries with their supply channel and custom fields, attributed to the import', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const channel = await newChannel();
    const type = await newType(['inventory-entry']);
    const full = entryImport({
      quantityOnStock: 25,
      restockableInDays: 3,
      expectedDelivery: '2026-06-01T08:00:00.000Z',
      reservationExpirationInMinutes: 45,
      supplyChannel: { typeId: 'channel', key: channel.key },
      custom: {
        type: { typeId: 'type', key: type.key },
        fields: { note: { type: 'String', value: 'bay 4' } },
      },
    });
    const plain = entryImport();
    const ids = await importInventories(importer, container.key, [full, plain]);
    const operations = await Promise.all(ids.map((id) => operationIn(importer, id, ['imported'])));
    expect(operations.map((operation) => [operation.resourceKey, operation.resourceVersion])).toEqual([
      [full.key, 1],
      [plain.key, 1],
    ]);
    const { status, body: entry } = await entryByKey(full.key);
    expect(status).toBe(200);
    expect(entry).toMatchObject({
      version: 1,
      key: full.key,
      sku: full.sku,
      quantityOnStock: 25,
      availableQuantity: 25,
      restockableInDays: 3,
      expectedDelivery: '2026-06-01T08:00:00.000Z',
      reservationExpirationInMinutes: 45,
      supplyChannel: { typeId: 'channel', id: channel.id },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'bay 4' } },
      createdBy: { attributedTo: { source: 'Import' } },
      lastModifiedBy: { attributedTo: { source: 'Import' } },
    });
    const [created] = await messagesOf(entry.id);
    expect(created).toMatchObject({ type: 'InventoryEntryCreated', resourceVersion: 1 });
    expect((await entryByKey(plain.key)).body).toMatchObject({ sku: plain.sku, quantityOnStock: 10 });
    expect(await summaryOf(importer, container.key)).toEqual({
      states: {
        processing: 0,
        validationFailed: 0,
        unresolved: 0,
        waitForMasterVariant: 0,
        imported: 2,
        rejected: 0,
        canceled: 0,
        partiallyImported: 0,
      },
      total: 2,
    });
  });

  it('updates the entry with that key to the imported values; the same values again change nothing', async () => {
    const importer = await importApi();
    const container = await newContainer(importer, 'inventory');
    const key = uniqueKey('entry');
    const sku = uniqueKey('sku');
    const existing = await api.create<InventoryEntry>('inventory', {
      key,
      sku,
      quantityOnStock: 3,
      restockableInDays: 9,
      minCartQuantity: 2,
    });
    const imported = entryImport({
      key,
      sku,
      quantityOnStock: 12,
      expectedDelivery: '2026-07-01T00:00:00.000Z',
    });
    const [first] = await importInventories(importer, container.key, [imported]);
    expect((await operationIn(importer, first, ['imported'])).resourceVersion).toBe(2);
    const updated = (await entryByKey(key)).body;
    expect(updated).toMatchObject({
      id: existing.id,
      version: 2,
      quantityOnStock: 12,
      availableQuantity: 12,
      expectedDelivery: '2026-07-01T00:00:00.000Z',
      minCartQuantity: 2,
      lastModifiedBy: { attributedTo: { source: 'Import' } },
    });
    expect(updated.restockableInDays).toBeUndefined();
    const messages = await messagesOf(existing.id, 2);
    expect(messages[1]).toMatchObject({
      type: 'InventoryEntryQuantitySet',
      oldQuantityOnStock: 3,
      newQuantityOnStock: 12,
      newAvailableQuantity: 12,
      resourceVersion: 2,
    });

    const [again] = await importInventories(importer, container.key, [imported]);
    expect((await operationIn(importer, again, ['imported'])).resourceVersion).toBe(2);
    expect((await entryByKey(key)).body.version).toBe(2);
    expect(await messagesOf(existing.id, 2)).toHaveLength(2);
  });

  it('stays unresolved while its supply channel does not exist, then imports once it is created', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const channelKey = uniqueKey('channel');
    const imported = entryImport({ supplyChannel: { typeId: 'channel', key: channelKey } });
    const [operationId] = await importInventories(importer, container.key, [imported]);
    const waiting = await operationIn(importer, operationId, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([{ typeId: 'channel', key: channelKey }]);
    expect((await entryByKey(imported.key)).status).toBe(404);
    expect((await summaryOf(importer, container.key)).states).toMatchObject({ unresolved: 1, imported: 0 });

    const channel = await newChannel({ key: channelKey });
    const done = await operationIn(importer, operationId, ['imported']);
    expect(done).toMatchObject({ resourceVersion: 1 });
    expect(done.unresolvedReferences).toBeUndefined();
    expect((await entryByKey(imported.key)).body).toMatchObject({
      supplyChannel: { typeId: 'channel', id: channel.id },
    });
    expect((await summaryOf(importer, container.key)).states).toMatchObject({ unresolved: 0, imported: 1 });
  });

  it('rejects what the entry refuses (a channel without InventorySupply, another SKU for the key), alone', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const distribution = await newChannel({ roles: ['ProductDistribution'] });
    const existing = entryImport();
    const [seeded] = await importInventories(importer, container.key, [existing]);
    await operationIn(importer, seeded, ['imported']);
    const ids = await importInventories(importer, container.key, [
      entryImport({ supplyChannel: { typeId: 'channel', key: distribution.key } }),
      { ...existing, sku: uniqueKey('sku') },
      entryImport(),
    ]);
    const [noRole, otherSku, fine] = await Promise.all(
      ids.map((id) => operationIn(importer, id, ['imported', 'rejected'])),
    );
    expect(noRole.errors).toEqual([expect.objectContaining({ code: 'MissingRoleOnChannel' })]);
    expect(otherSku.errors).toEqual([expect.objectContaining({ code: 'InvalidOperation' })]);
    expect(fine.state).toBe('imported');
    expect((await entryByKey(existing.key)).body.sku).toBe(existing.sku);
    expect(await summaryOf(importer, container.key)).toMatchObject({
      states: { imported: 2, rejected: 2, unresolved: 0, processing: 0 },
      total: 4,
    });
  });

  it('refuses invalid fields with 400, naming each field and resource, and stores nothing', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const valid = entryImport();
    const refused = await failure(
      importInventories(importer, container.key, [
        valid,
        entryImport({ quantityOnStock: 1.5 }),
        entryImport({ key: 'x', expectedDelivery: 'soon' }),
        entryImport({ supplyChannel: { typeId: 'channel' } as never }),
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      message: 'Complete request got rejected. Import request has some invalid fields',
    });
    const named = refused.body.errors.map((e: { field: string; resourceIndex: number }) => [
      e.field,
      e.resourceIndex,
    ]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['resources.1.quantityOnStock', 1],
        ['resources.2.key', 2],
        ['resources.2.expectedDelivery', 2],
        ['resources.3.supplyChannel.key', 3],
      ]),
    );
    expect(named.some(([, index]: [string, number]) => index === 0)).toBe(false);
    expect(refused.body.errors[0]).toMatchObject({ code: 'InvalidField' });
    expect((await summaryOf(importer, container.key)).total).toBe(0);
    expect((await entryByKey(valid.key)).status).toBe(404);
    const tooMany = await failure(
      importInventories(
        importer,
        container.key,
        Array.from({ length: 21 }, () => entryImport()),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('writes nothing twice when an operation whose write committed is claimed again', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const imported = entryImport({ quantityOnStock: 4 });
    const [operationId] = await importInventories(importer, container.key, [imported]);
    const first = await operationIn(importer, operationId, ['imported']);
    const entry = (await entryByKey(imported.key)).body;
    await loseOutcome(operationId);
    const again = await operationIn(importer, operationId, ['imported']);
    expect(again.version).toBeGreaterThan(first.version);
    expect(again.resourceVersion).toBe(1);
    expect((await entryByKey(imported.key)).body).toMatchObject({
      id: entry.id,
      version: 1,
      quantityOnStock: 4,
    });
    expect(await messagesOf(entry.id)).toHaveLength(1);
  });
});
