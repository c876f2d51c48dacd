import type {
  Channel,
  InventoryEntry,
  InventoryEntryDraftDto,
  RequestContext,
  Type,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ResourceEngine } from '@commerce/resources';
import { InventoryImporter, type InventoryImportLookup } from './inventory-import.js';

const ctx: RequestContext = {
  projectKey: 'p',
  correlationId: 'c',
  actor: { clientId: 'importer', attributedTo: { clientId: 'importer', source: 'Import' } },
};

const noteType = {
  id: 'type-id',
  key: 'notes',
  resourceTypeIds: ['inventory-entry'],
  fieldDefinitions: [{ name: 'note', type: { name: 'String' }, required: false }],
} as unknown as Type;
const warehouse = { id: 'channel-id', key: 'warehouse', roles: ['InventorySupply'] } as unknown as Channel;

type Update = { version: number; actions: Array<Record<string, unknown>> };

/**
 * An inventory engine over a map of stored entries (by key), and lookups over it and the given channels and
 * Types. `failures` are thrown, in turn, by the next writes.
 */
function setUp(stored: InventoryEntry[] = [], failures: Error[] = []) {
  const entries = new Map(stored.map((entry) => [entry.key!, entry]));
  const created: Record<string, unknown>[] = [];
  const updates: Update[] = [];
  const lookups: string[][] = [];
  const engine = {
    create: async (_: RequestContext, draft: Record<string, unknown>) => {
      const failure = failures.shift();
      if (failure) throw failure;
      created.push(JSON.parse(JSON.stringify(draft)));
      const entry = { ...draft, id: `id-${String(draft.key)}`, version: 1 } as unknown as InventoryEntry;
      entries.set(entry.key!, entry);
      return entry;
    },
    update: async (_: RequestContext, ref: { id: string }, update: Update) => {
      const failure = failures.shift();
      if (failure) throw failure;
      updates.push(update);
      const current = [...entries.values()].find((entry) => entry.id === ref.id)!;
      const next = { ...current, version: current.version + 1 };
      entries.set(next.key!, next);
      return next;
    },
  } as unknown as ResourceEngine<InventoryEntry, InventoryEntryDraftDto>;
  const lookup: InventoryImportLookup = {
    entries: async (_, keys) => {
      lookups.push(keys);
      return keys.flatMap((key) => (entries.has(key) ? [entries.get(key)!] : []));
    },
    channels: async (_, keys) => (keys.includes('warehouse') ? [warehouse] : []),
    types: async (_, keys) => (keys.includes('notes') ? [noteType] : []),
  };
  return { importer: new InventoryImporter(lookup, engine), entries, created, updates, lookups };
}

const item = (operationId: string, entry: Record<string, unknown>) => ({
  operationId,
  entry: { key: 'e-1', sku: 'sku-1', quantityOnStock: 5, ...entry },
});
const stored = (fields: Partial<InventoryEntry> = {}) =>
  ({
    id: 'id-e-1',
    version: 3,
    key: 'e-1',
    sku: 'sku-1',
    quantityOnStock: 2,
    availableQuantity: 2,
    ...fields,
  }) as InventoryEntry;

describe(InventoryImporter.name, () => {
  it('creates a new entry with its supply channel and custom Type by id, looking every key up once', async () => {
    const { importer, created, lookups } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', {
        restockableInDays: 2,
        expectedDelivery: '2026-03-01T00:00:00.000Z',
        supplyChannel: { typeId: 'channel', key: 'warehouse' },
        custom: { type: { typeId: 'type', key: 'notes' }, fields: { note: { type: 'String', value: 'hi' } } },
      }),
      item('op-2', { key: 'e-2', sku: 'sku-2' }),
    ]);
    expect(outcomes).toEqual([
      { operationId: 'op-1', state: 'imported', resourceVersion: 1 },
      { operationId: 'op-2', state: 'imported', resourceVersion: 1 },
    ]);
    expect(created[0]).toEqual({
      key: 'e-1',
      sku: 'sku-1',
      quantityOnStock: 5,
      restockableInDays: 2,
      expectedDelivery: '2026-03-01T00:00:00.000Z',
      supplyChannel: { typeId: 'channel', id: 'channel-id' },
      custom: { type: { typeId: 'type', id: 'type-id' }, fields: { note: 'hi' } },
    });
    expect(lookups).toEqual([['e-1', 'e-2']]);
  });

  it('leaves an entry unresolved, naming its missing channel and Type, and writes nothing', async () => {
    const { importer, created } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', {
        supplyChannel: { typeId: 'channel', key: 'elsewhere' },
        custom: { type: { typeId: 'type', key: 'other' } },
      }),
    ]);
    expect(outcomes).toEqual([
      {
        operationId: 'op-1',
        state: 'unresolved',
        unresolvedReferences: [
          { typeId: 'channel', key: 'elsewhere' },
          { typeId: 'type', key: 'other' },
        ],
      },
    ]);
    expect(created).toEqual([]);
  });

  it('updates an existing entry to the imported values at its version; absent optional fields are removed', async () => {
    const { importer, updates, created } = setUp([stored({ restockableInDays: 4 })]);
    const outcomes = await importer.import(ctx, [
      item('op-1', { quantityOnStock: 9, supplyChannel: { typeId: 'channel', key: 'warehouse' } }),
    ]);
    expect(outcomes).toEqual([{ operationId: 'op-1', state: 'imported', resourceVersion: 4 }]);
    expect(created).toEqual([]);
    expect(updates).toEqual([
      {
        version: 3,
        actions: [
          { action: 'changeQuantity', quantity: 9 },
          { action: 'setRestockableInDays', restockableInDays: undefined },
          { action: 'setExpectedDelivery', expectedDelivery: undefined },
          { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: undefined },
          { action: 'setSupplyChannel', supplyChannel: { typeId: 'channel', id: 'channel-id' } },
          { action: 'setCustomType' },
        ],
      },
    ]);
  });

  it('writes the same key twice in one group in order: created, then updated', async () => {
    const { importer, created, updates } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', { quantityOnStock: 1 }),
      item('op-2', { quantityOnStock: 2 }),
    ]);
    expect(outcomes.map((o) => o.state === 'imported' && o.resourceVersion)).toEqual([1, 2]);
    expect(created).toHaveLength(1);
    expect(updates[0].version).toBe(1);
    expect(updates[0].actions[0]).toEqual({ action: 'changeQuantity', quantity: 2 });
  });

  it('fails a malformed entry or custom fields that do not fit the Type alone, and imports the rest', async () => {
    const { importer, created } = setUp();
    const outcomes = await importer.import(ctx, [
      item('op-1', { quantityOnStock: 'many' }),
      item('op-2', {
        key: 'e-2',
        custom: { type: { typeId: 'type', key: 'notes' }, fields: { note: { type: 'Number', value: 7 } } },
      }),
      item('op-3', { key: 'e-3' }),
    ]);
    expect(outcomes).toEqual([
      {
        operationId: 'op-1',
        state: 'validationFailed',
        errors: [expect.objectContaining({ code: 'InvalidJsonInput' })],
      },
      {
        operationId: 'op-2',
        state: 'validationFailed',
        errors: [expect.objectContaining({ code: 'InvalidField', field: 'note' })],
      },
      { operationId: 'op-3', state: 'imported', resourceVersion: 1 },
    ]);
    expect(created.map((draft) => draft.key)).toEqual(['e-3']);
  });

  it('rejects a change of SKU and what the engine refuses, with their errors', async () => {
    const { importer, updates } = setUp(
      [stored()],
      [Errors.missingRoleOnChannel({ typeId: 'channel', id: 'channel-id' }, 'InventorySupply')],
    );
    const outcomes = await importer.import(ctx, [
      item('op-1', { sku: 'other-sku' }),
      item('op-2', { key: 'e-2' }),
    ]);
    expect(outcomes).toEqual([
      {
        operationId: 'op-1',
        state: 'rejected',
        errors: [expect.objectContaining({ code: 'InvalidOperation' })],
      },
      {
        operationId: 'op-2',
        state: 'rejected',
        errors: [expect.objectContaining({ code: 'MissingRoleOnChannel' })],
      },
    ]);
    expect(updates).toEqual([]);
  });

  it('updates the entry another writer created meanwhile, and retries after a concurrent modification', async () => {
    const { importer, entries, updates } = setUp(
      [],
      [Errors.duplicateField('key', 'e-1'), Errors.concurrentModification('id-e-1', 1, 2)],
    );
    // The competing create landed between the lookup and this import's create.
    const lookup = (importer as unknown as { lookup: InventoryImportLookup }).lookup;
    const entriesOf = lookup.entries.bind(lookup);
    let first = true;
    lookup.entries = async (c, keys) => {
      if (!first) entries.set('e-1', stored({ version: 2 }));
      first = false;
      return entriesOf(c, keys);
    };
    const outcomes = await importer.import(ctx, [item('op-1', { quantityOnStock: 7 })]);
    expect(outcomes).toEqual([{ operationId: 'op-1', state: 'imported', resourceVersion: 3 }]);
    expect(updates).toEqual([expect.objectContaining({ version: 2 })]);
  });

  it('rejects a create refused for a taken SKU and channel, and throws what is not the entry’s fault', async () => {
    const taken = setUp([], [Errors.duplicateField('sku', 'sku-1')]);
    expect(await taken.importer.import(ctx, [item('op-1', {})])).toEqual([
      {
        operationId: 'op-1',
        state: 'rejected',
        errors: [expect.objectContaining({ code: 'DuplicateField' })],
      },
    ]);
    const down = setUp([], [new Error('database gone')]);
    await expect(down.importer.import(ctx, [item('op-1', {})])).rejects.toThrow('database gone');
  });
});
