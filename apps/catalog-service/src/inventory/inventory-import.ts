import {
  InventoryImportDto,
  InventoryImportItemsDto,
  Subjects,
  type Channel,
  type ImportOutcome,
  type InventoryEntry,
  type InventoryEntryDraftDto,
  type InventoryImportItem,
  type RequestContext,
  type Rpc,
  type Type,
  type UnresolvedReference,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Handles } from '@commerce/messaging';
import { checkCustomFields, type ResourceEngine } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { channelsTable } from '../channels/channels.table.js';
import {
  byKey,
  findByKeys,
  importEach,
  importErrorsOf,
  importedFieldsOf,
  upsertByKey,
} from '../shared/import-upsert.js';
import { typesTable } from '../types/types.table.js';
import { INVENTORY_ENGINE } from './inventory-entry.definition.js';
import { inventoryTable } from './inventory.table.js';

/** What an import looks up by key: entries, supply channels and custom Types, one query per kind. */
export interface InventoryImportLookup {
  entries(ctx: RequestContext, keys: string[]): Promise<InventoryEntry[]>;
  channels(ctx: RequestContext, keys: string[]): Promise<Channel[]>;
  types(ctx: RequestContext, keys: string[]): Promise<Type[]>;
}

/** The lookups from catalog-service's own tables. */
export function inventoryImportLookup(db: DataSource): InventoryImportLookup {
  return {
    entries: findByKeys(db, inventoryTable),
    channels: findByKeys(db, channelsTable),
    types: findByKeys(db, typesTable),
  };
}

/** What the import's references resolved to, by key (entries are replaced as they are written). */
interface Found {
  entries: Map<string, InventoryEntry>;
  channels: Map<string, Channel>;
  types: Map<string, Type>;
}

/**
 * The Import API's inventory entries (`catalog.inventory.import-entries`): the entries, supply channels and
 * Types of a group are looked up by key at once; an entry whose channel or Type is missing is `unresolved`,
 * naming it. Each other entry is upserted by its key through the inventory engine, so its Messages and rules
 * apply (`InventoryEntryCreated`, `InventoryEntryQuantitySet`, `MissingRoleOnChannel`, the SKU and channel's
 * uniqueness): created, or updated to the imported values. An entry that already holds them is not written
 * (its version stays), so an operation claimed again after its write committed writes nothing twice.
 */
export class InventoryImporter {
  constructor(
    private readonly lookup: InventoryImportLookup,
    private readonly engine: ResourceEngine<InventoryEntry, InventoryEntryDraftDto>,
  ) {}

  /** Checks each item off the wire (a malformed one fails alone), then writes the rest in order. */
  async import(ctx: RequestContext, items: unknown): Promise<ImportOutcome[]> {
    const request = parseDto(InventoryImportItemsDto, { items });
    return importEach(
      request.items.map(({ operationId, entry }) => ({ operationId, resource: entry })),
      InventoryImportDto,
      (valid) => this.find(ctx, valid),
      (operationId, entry, found) => this.importOne(ctx, operationId, entry, found),
    );
  }

  private async find(ctx: RequestContext, entries: InventoryImportDto[]): Promise<Found> {
    const keysOf = (pick: (entry: InventoryImportDto) => string | undefined) =>
      entries.flatMap((entry) => (pick(entry) === undefined ? [] : [pick(entry)!]));
    const [stored, channels, types] = await Promise.all([
      this.lookup.entries(
        ctx,
        keysOf((entry) => entry.key),
      ),
      this.lookup.channels(
        ctx,
        keysOf((entry) => entry.supplyChannel?.key),
      ),
      this.lookup.types(
        ctx,
        keysOf((entry) => entry.custom?.type.key),
      ),
    ]);
    return { entries: byKey(stored), channels: byKey(channels), types: byKey(types) };
  }

  private async importOne(
    ctx: RequestContext,
    operationId: string,
    entry: InventoryImportDto,
    found: Found,
  ): Promise<ImportOutcome> {
    const channel = entry.supplyChannel && found.channels.get(entry.supplyChannel.key);
    const type = entry.custom && found.types.get(entry.custom.type.key);
    const unresolved: UnresolvedReference[] = [];
    if (entry.supplyChannel && !channel) unresolved.push({ typeId: 'channel', key: entry.supplyChannel.key });
    if (entry.custom && !type) unresolved.push({ typeId: 'type', key: entry.custom.type.key });
    if (unresolved.length > 0) return { operationId, state: 'unresolved', unresolvedReferences: unresolved };
    const fields = importedFieldsOf(entry.custom);
    if (type) {
      try {
        checkCustomFields(type, 'inventory-entry', fields);
      } catch (error) {
        return { operationId, state: 'validationFailed', errors: importErrorsOf(error) };
      }
    }
    const values: ImportedValues = {
      entry,
      supplyChannel: channel ? { typeId: 'channel', id: channel.id } : undefined,
      custom: type ? { type: { typeId: 'type', id: type.id }, fields } : undefined,
    };
    return upsertByKey(operationId, {
      key: entry.key,
      known: found.entries,
      create: () => this.engine.create(ctx, draftOf(values)),
      update: (existing) => this.updated(ctx, existing, values),
      reread: async (key) => (await this.lookup.entries(ctx, [key]))[0],
    });
  }

  /** The stored entry updated to the imported values; fields the import does not name are kept. */
  private updated(ctx: RequestContext, existing: InventoryEntry, values: ImportedValues) {
    const { entry } = values;
    if (existing.sku !== entry.sku) {
      throw Errors.invalidOperation(
        `The inventory entry '${entry.key}' has the SKU '${existing.sku}'; an import can not change it to '${entry.sku}'.`,
      );
    }
    const actions = [
      { action: 'changeQuantity', quantity: entry.quantityOnStock },
      { action: 'setRestockableInDays', restockableInDays: entry.restockableInDays },
      { action: 'setExpectedDelivery', expectedDelivery: entry.expectedDelivery },
      {
        action: 'setReservationExpirationInMinutes',
        reservationExpirationInMinutes: entry.reservationExpirationInMinutes,
      },
      { action: 'setSupplyChannel', supplyChannel: values.supplyChannel },
      { action: 'setCustomType', ...values.custom },
    ];
    return this.engine.update(
      ctx,
      { id: existing.id },
      { version: existing.version, actions },
      { doc: existing, remembered: false },
    );
  }
}

/** An imported entry with its references resolved to ids. */
interface ImportedValues {
  entry: InventoryImportDto;
  supplyChannel?: { typeId: 'channel'; id: string };
  custom?: { type: { typeId: 'type'; id: string }; fields: Record<string, unknown> };
}

/** The InventoryEntryDraft of a new entry. */
export function draftOf({ entry, supplyChannel, custom }: ImportedValues): Record<string, unknown> {
  return {
    key: entry.key,
    sku: entry.sku,
    quantityOnStock: entry.quantityOnStock,
    restockableInDays: entry.restockableInDays,
    expectedDelivery: entry.expectedDelivery,
    reservationExpirationInMinutes: entry.reservationExpirationInMinutes,
    supplyChannel,
    custom,
  };
}

@Controller()
export class InventoryImportController {
  private readonly importer: InventoryImporter;

  constructor(
    db: DataSource,
    @Inject(INVENTORY_ENGINE) engine: ResourceEngine<InventoryEntry, InventoryEntryDraftDto>,
  ) {
    this.importer = new InventoryImporter(inventoryImportLookup(db), engine);
  }

  @Handles(Subjects.catalog.inventory.importEntries)
  importEntries(@Payload() { ctx, items }: Rpc<{ items: InventoryImportItem[] }>) {
    return this.importer.import(ctx, items);
  }
}
