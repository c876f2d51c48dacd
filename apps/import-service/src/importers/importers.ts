import {
  Subjects,
  validateInventoryImportRequest,
  validateOrderImportRequest,
  validateStandalonePriceImportRequest,
  validatePriceImportRequest,
  type ImportFieldError,
  type ImportOutcome,
  type InventoryImportDto,
  type OrderImportDto,
  type PriceImport,
  type RequestContext,
  type StandalonePriceImportDto,
} from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import { createHash } from 'node:crypto';

/** The resources this service imports, by their ImportResourceType. */
export interface ImportedResources {
  price: PriceImport;
  order: OrderImportDto;
  inventory: InventoryImportDto;
  'standalone-price': StandalonePriceImportDto;
}
export type ServedResourceType = keyof ImportedResources;
export type ImportedResource = ImportedResources[ServedResourceType];

/** An operation a worker hands to the resource's owner. */
export interface OperationToWrite<R> {
  id: string;
  groupKey: string;
  createdAt: string;
  resource: R;
}

/**
 * What the import of one resource type needs: the request's validation, the operation's resource key, the key
 * that groups operations into one write of the owner, and that write (one outcome per operation).
 */
export interface Importer<R> {
  validate(raw: unknown): { ok: true; value: { resources: R[] } } | { ok: false; errors: ImportFieldError[] };
  resourceKey(resource: R): string;
  groupKey(resource: R): string;
  write(rpc: RpcClient, ctx: RequestContext, group: OperationToWrite<R>[]): Promise<ImportOutcome[]>;
}

export const IMPORTERS: { [T in ServedResourceType]: Importer<ImportedResources[T]> } = {
  /** Embedded prices: the prices of one product are one versioned write of catalog-service. */
  price: {
    validate: (raw) => {
      const validated = validatePriceImportRequest(raw);
      // PriceImportDto is PriceImport with classes for its nested objects.
      return validated.ok
        ? { ok: true, value: { resources: validated.value.resources as PriceImport[] } }
        : validated;
    },
    resourceKey: (price) => price.key,
    groupKey: (price) => price.product.key,
    write: (rpc, ctx, group) =>
      rpc.send(Subjects.catalog.product.importPrices, {
        ctx,
        productKey: group[0].groupKey,
        items: group.map((operation) => ({ operationId: operation.id, price: operation.resource })),
      }),
  },
  /** Orders: each order is its own write of checkout-service, found by its order number. */
  order: {
    validate: validateOrderImportRequest,
    resourceKey: (order) => order.orderNumber,
    groupKey: (order) => order.orderNumber,
    write: (rpc, ctx, group) =>
      rpc.send(Subjects.checkout.order.importOperations, {
        ctx,
        items: group.map((operation) => ({
          operationId: operation.id,
          operationCreatedAt: operation.createdAt,
          order: operation.resource,
        })),
      }),
  },
  /**
   * Inventory entries: each is its own document, upserted by key; a group (entries whose keys share a
   * bucket) is one request to catalog-service, which looks its keys up at once and writes entry by entry.
   */
  inventory: {
    validate: validateInventoryImportRequest,
    resourceKey: (entry) => entry.key,
    groupKey: (entry) => keyGroupOf(entry.key),
    write: (rpc, ctx, group) =>
      rpc.send(Subjects.catalog.inventory.importEntries, {
        ctx,
        items: group.map((operation) => ({ operationId: operation.id, entry: operation.resource })),
      }),
  },
  /** Standalone prices: each is its own document, upserted by key, in groups as inventory entries are. */
  'standalone-price': {
    validate: validateStandalonePriceImportRequest,
    resourceKey: (price) => price.key,
    groupKey: (price) => keyGroupOf(price.key),
    write: (rpc, ctx, group) =>
      rpc.send(Subjects.catalog.standalonePrice.import, {
        ctx,
        items: group.map((operation) => ({ operationId: operation.id, price: operation.resource })),
      }),
  },
};

/** Resources written one by one (inventory entries, standalone prices) are spread over this many groups by their key. */
export const KEY_GROUPS = 16;

/**
 * The group of a resource key: the same key always lands in the same group, so its writes keep their order,
 * and the groups are written in parallel.
 */
export function keyGroupOf(key: string): string {
  return `key-group-${createHash('sha1').update(key).digest().readUInt32BE(0) % KEY_GROUPS}`;
}

export function isServed(resourceType: string): resourceType is ServedResourceType {
  return Object.hasOwn(IMPORTERS, resourceType);
}
