import {
  StandalonePriceImportDto,
  StandalonePriceImportItemsDto,
  Subjects,
  type Channel,
  type CustomerGroup,
  type ImportOutcome,
  type ProductDiscount,
  type RequestContext,
  type Rpc,
  type StandalonePrice,
  type StandalonePriceDraftDto,
  type StandalonePriceImportItem,
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
import { customerGroupsTable } from '../customer-groups/customer-groups.table.js';
import { productDiscountsTable } from '../product-discounts/product-discounts.table.js';
import { typedMoneyOf } from '../products/product-prices.js';
import {
  byKey,
  findByKeys,
  importEach,
  importErrorsOf,
  importedFieldsOf,
  upsertByKey,
} from '../shared/import-upsert.js';
import { typesTable } from '../types/types.table.js';
import { STANDALONE_PRICE_ENGINE } from './standalone-price.definition.js';
import { standalonePricesTable } from './standalone-prices.table.js';

/** What an import looks up by key, one query per kind. */
export interface StandalonePriceImportLookup {
  prices(ctx: RequestContext, keys: string[]): Promise<StandalonePrice[]>;
  customerGroups(ctx: RequestContext, keys: string[]): Promise<CustomerGroup[]>;
  channels(ctx: RequestContext, keys: string[]): Promise<Channel[]>;
  productDiscounts(ctx: RequestContext, keys: string[]): Promise<ProductDiscount[]>;
  types(ctx: RequestContext, keys: string[]): Promise<Type[]>;
}

/** The lookups from catalog-service's own tables. */
export function standalonePriceImportLookup(db: DataSource): StandalonePriceImportLookup {
  return {
    prices: findByKeys(db, standalonePricesTable),
    customerGroups: findByKeys(db, customerGroupsTable),
    channels: findByKeys(db, channelsTable),
    productDiscounts: findByKeys(db, productDiscountsTable),
    types: findByKeys(db, typesTable),
  };
}

/** What the import's references resolved to, by key (prices are replaced as they are written). */
interface Found {
  prices: Map<string, StandalonePrice>;
  customerGroups: Map<string, CustomerGroup>;
  channels: Map<string, Channel>;
  productDiscounts: Map<string, ProductDiscount>;
  types: Map<string, Type>;
}

/** The referenced kinds. */
type Referenced = Exclude<keyof Found, 'prices'>;

/** An imported price with its references resolved to ids. */
interface ImportedValues {
  price: StandalonePriceImportDto;
  customerGroup?: { typeId: 'customer-group'; id: string };
  channel?: { typeId: 'channel'; id: string };
  discounted?: {
    value: StandalonePriceImportDto['value'];
    discount: { typeId: 'product-discount'; id: string };
  };
  custom?: { type: { typeId: 'type'; id: string }; fields: Record<string, unknown> };
}

/**
 * The Import API's standalone prices (`catalog.standalone-prices.import`): the prices and every key they
 * reference are looked up at once per kind; a price whose customer group, channel, product discount or Type
 * is missing is `unresolved`, naming it. Each other price is upserted by its key through the standalone price
 * engine (its Messages and rules: `StandalonePriceCreated`, `StandalonePriceValueChanged`, a channel without
 * `ProductDistribution`, one currency). A price that already holds the imported values is not written.
 */
export class StandalonePriceImporter {
  constructor(
    private readonly lookup: StandalonePriceImportLookup,
    private readonly engine: ResourceEngine<StandalonePrice, StandalonePriceDraftDto>,
  ) {}

  /** Checks each item off the wire (a malformed one fails alone), then writes the rest in order. */
  async import(ctx: RequestContext, items: unknown): Promise<ImportOutcome[]> {
    const request = parseDto(StandalonePriceImportItemsDto, { items });
    return importEach(
      request.items.map(({ operationId, price }) => ({ operationId, resource: price })),
      StandalonePriceImportDto,
      (valid) => this.find(ctx, valid),
      (operationId, price, found) => this.importOne(ctx, operationId, price, found),
    );
  }

  private async find(ctx: RequestContext, prices: StandalonePriceImportDto[]): Promise<Found> {
    const keysOf = (pick: (price: StandalonePriceImportDto) => string | undefined) =>
      prices.flatMap((price) => (pick(price) === undefined ? [] : [pick(price)!]));
    const [stored, customerGroups, channels, productDiscounts, types] = await Promise.all([
      this.lookup.prices(
        ctx,
        keysOf((price) => price.key),
      ),
      this.lookup.customerGroups(
        ctx,
        keysOf((price) => price.customerGroup?.key),
      ),
      this.lookup.channels(
        ctx,
        keysOf((price) => price.channel?.key),
      ),
      this.lookup.productDiscounts(
        ctx,
        keysOf((price) => price.discounted?.discount.key),
      ),
      this.lookup.types(
        ctx,
        keysOf((price) => price.custom?.type.key),
      ),
    ]);
    return {
      prices: byKey(stored),
      customerGroups: byKey(customerGroups),
      channels: byKey(channels),
      productDiscounts: byKey(productDiscounts),
      types: byKey(types),
    };
  }

  private async importOne(
    ctx: RequestContext,
    operationId: string,
    price: StandalonePriceImportDto,
    found: Found,
  ): Promise<ImportOutcome> {
    const refs: Array<[Referenced, UnresolvedReference | undefined]> = [
      ['customerGroups', price.customerGroup],
      ['channels', price.channel],
      ['productDiscounts', price.discounted?.discount],
      ['types', price.custom?.type],
    ];
    const unresolved = refs.flatMap(([kind, ref]) =>
      ref && !found[kind].has(ref.key) ? [{ typeId: ref.typeId, key: ref.key }] : [],
    );
    if (unresolved.length > 0) return { operationId, state: 'unresolved', unresolvedReferences: unresolved };
    const idOf = (kind: Referenced, ref: { key: string }) => found[kind].get(ref.key)!.id;
    const fields = importedFieldsOf(price.custom);
    try {
      // What can not be built fails as `validationFailed`, as an embedded price's does.
      typedMoneyOf(price.value);
      for (const tier of price.tiers ?? []) typedMoneyOf(tier.value);
      if (price.custom)
        checkCustomFields(found.types.get(price.custom.type.key)!, 'standalone-price', fields);
    } catch (error) {
      return { operationId, state: 'validationFailed', errors: importErrorsOf(error) };
    }
    const values: ImportedValues = {
      price,
      customerGroup: price.customerGroup && {
        typeId: 'customer-group',
        id: idOf('customerGroups', price.customerGroup),
      },
      channel: price.channel && { typeId: 'channel', id: idOf('channels', price.channel) },
      discounted: price.discounted && {
        value: price.discounted.value,
        discount: { typeId: 'product-discount', id: idOf('productDiscounts', price.discounted.discount) },
      },
      custom: price.custom && { type: { typeId: 'type', id: idOf('types', price.custom.type) }, fields },
    };
    return upsertByKey(operationId, {
      key: price.key,
      known: found.prices,
      create: () => this.engine.create(ctx, draftOf(values)),
      update: (existing) => this.updated(ctx, existing, values),
      reread: async (key) => (await this.lookup.prices(ctx, [key]))[0],
    });
  }

  /**
   * The stored price updated to the imported values. Its SKU and scope (country, customer group, channel)
   * have no update action and can not change; `staged` and `recurrencePolicy`, which an import does not
   * carry, are kept.
   */
  private updated(ctx: RequestContext, existing: StandalonePrice, values: ImportedValues) {
    const { price } = values;
    const changed = [
      existing.sku !== price.sku && 'sku',
      existing.country !== price.country && 'country',
      existing.customerGroup?.id !== values.customerGroup?.id && 'customerGroup',
      existing.channel?.id !== values.channel?.id && 'channel',
    ].filter(Boolean);
    if (changed.length > 0) {
      throw Errors.invalidOperation(
        `The standalone price '${price.key}' can not change its ${changed.join(', ')} by an import.`,
      );
    }
    const actions = [
      { action: 'changeValue', value: price.value },
      { action: 'setPriceTiers', tiers: price.tiers ?? [] },
      { action: 'setValidFromAndUntil', validFrom: price.validFrom, validUntil: price.validUntil },
      { action: 'setDiscountedPrice', discounted: values.discounted },
      { action: 'setCustomType', ...values.custom },
      { action: 'changeActive', active: price.active ?? true },
    ];
    return this.engine.update(
      ctx,
      { id: existing.id },
      { version: existing.version, actions },
      { doc: existing, remembered: false },
    );
  }
}

/** The StandalonePriceDraft of a new price. */
export function draftOf(values: ImportedValues): Record<string, unknown> {
  const { price } = values;
  return {
    key: price.key,
    sku: price.sku,
    value: price.value,
    country: price.country,
    customerGroup: values.customerGroup,
    channel: values.channel,
    validFrom: price.validFrom,
    validUntil: price.validUntil,
    tiers: price.tiers,
    discounted: values.discounted,
    custom: values.custom,
    active: price.active ?? true,
  };
}

@Controller()
export class StandalonePriceImportController {
  private readonly importer: StandalonePriceImporter;

  constructor(
    db: DataSource,
    @Inject(STANDALONE_PRICE_ENGINE) engine: ResourceEngine<StandalonePrice, StandalonePriceDraftDto>,
  ) {
    this.importer = new StandalonePriceImporter(standalonePriceImportLookup(db), engine);
  }

  @Handles(Subjects.catalog.standalonePrice.import)
  importPrices(@Payload() { ctx, items }: Rpc<{ items: StandalonePriceImportItem[] }>) {
    return this.importer.import(ctx, items);
  }
}
