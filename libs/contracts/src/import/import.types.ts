import type { KeyReference } from '../common/types.js';
import type { InventoryImportDto } from './inventory-import.dto.js';
import type { OrderImportDto } from './order-import.dto.js';
import type { StandalonePriceImportDto } from './standalone-price-import.dto.js';
import type { Infer } from '../shapes/shape.js';
import type {
  ImportContainerShape,
  ImportOperationShape,
  ImportResponseShape,
  ImportSummaryShape,
  UnresolvedReferenceShape,
} from './import.shape.js';

/** ImportResourceType (reference facts 5.2). */
export const IMPORT_RESOURCE_TYPES = [
  'business-unit',
  'category',
  'customer',
  'discount-code',
  'inventory',
  'order',
  'order-patch',
  'price',
  'product',
  'product-draft',
  'product-selection',
  'product-tailoring',
  'product-type',
  'product-variant',
  'product-variant-patch',
  'standalone-price',
  'type',
  'variant',
] as const;
export type ImportResourceType = (typeof IMPORT_RESOURCE_TYPES)[number];

/** ProcessingState: `processing` first; `imported`, `rejected`, `validationFailed` are final. */
export const PROCESSING_STATES = [
  'processing',
  'validationFailed',
  'unresolved',
  'waitForMasterVariant',
  'imported',
  'rejected',
  'canceled',
  'partiallyImported',
] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** An import container (`ImportContainerShape`). */
export type ImportContainer = Infer<typeof ImportContainerShape>;

export type UnresolvedReference = Infer<typeof UnresolvedReferenceShape>;

/** An error of an import operation: a code of reference facts 1.6 and its message and fields. */
export interface ImportErrorObject {
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** An import operation (`ImportOperationShape`). */
export type ImportOperation = Infer<typeof ImportOperationShape>;

/** What an import request answers (`ImportResponseShape`). */
export type ImportResponse = Infer<typeof ImportResponseShape>;
export type ImportOperationStatus = ImportResponse['operationStatus'][number];

/** How many operations of a container are in each state (`ImportSummaryShape`). */
export type ImportSummary = Infer<typeof ImportSummaryShape>;

export type TypedMoneyDraft =
  | { type: 'centPrecision'; currencyCode: string; centAmount: number }
  | {
      type: 'highPrecision';
      currencyCode: string;
      centAmount?: number;
      fractionDigits: number;
      preciseAmount: number;
    };

/** An embedded price to import (PriceImport): every reference by key. */
export interface PriceImport {
  key: string;
  value: TypedMoneyDraft;
  country?: string;
  validFrom?: string;
  validUntil?: string;
  customerGroup?: KeyReference<'customer-group'>;
  channel?: KeyReference<'channel'>;
  discounted?: { value: TypedMoneyDraft; discount: KeyReference<'product-discount'> };
  publish?: boolean;
  staged?: boolean;
  tiers?: Array<{ minimumQuantity: number; value: TypedMoneyDraft }>;
  productVariant: KeyReference<'product-variant'>;
  product: KeyReference<'product'>;
  custom?: { type: KeyReference<'type'>; fields?: Record<string, { type: string; value: unknown }> };
}

export interface PriceImportRequest {
  type: 'price';
  resources: PriceImport[];
}

/** Spec: at most 20 resources per import request. */
export const MAX_IMPORT_RESOURCES = 20;

/** At most this many operations in one write request to a resource's owner (a worker's whole claim). */
export const MAX_IMPORT_GROUP = 5_000;

/** What import-service asks catalog-service to write: the prices of one product, one write. */
export interface ProductPriceImportItem {
  operationId: string;
  price: PriceImport;
}

/** How the owner of a resource ended an import operation, whatever the resource type. */
export type ImportOutcome =
  | { operationId: string; state: 'imported'; resourceVersion: number }
  | { operationId: string; state: 'unresolved'; unresolvedReferences: UnresolvedReference[] }
  | { operationId: string; state: 'rejected' | 'validationFailed'; errors: ImportErrorObject[] };

export type ProductPriceImportOutcome = ImportOutcome;

/** What import-service asks catalog-service to write: inventory entries of one project and importer. */
export interface InventoryImportItem {
  operationId: string;
  entry: InventoryImportDto;
}

/** What import-service asks catalog-service to write: standalone prices of one project and importer. */
export interface StandalonePriceImportItem {
  operationId: string;
  price: StandalonePriceImportDto;
}

/** What import-service asks checkout-service to write: orders of one project and importer, one by one. */
export interface OrderImportItem {
  operationId: string;
  /** When the operation was created: an order this operation wrote before its worker died is found again. */
  operationCreatedAt: string;
  order: OrderImportDto;
}
