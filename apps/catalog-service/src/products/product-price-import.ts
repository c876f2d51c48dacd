import { Handles } from '@commerce/messaging';
import {
  PriceImportDto,
  Subjects,
  validateDto,
  type ImportErrorObject,
  type Price,
  type PriceImport,
  type Product,
  type ProductData,
  type ProductDraftDto,
  type ProductPriceImportItem,
  type ProductPriceImportOutcome,
  type ProductVariant,
  type RequestContext,
  type Rpc,
  type Type,
  type UnresolvedReference,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { action, checkCustomFields, sameJson, type ResourceEngine } from '@commerce/resources';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { IsArray, IsBoolean, IsInt, IsObject, IsOptional, Min } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { channelsTable } from '../channels/channels.table.js';
import { customerGroupsTable } from '../customer-groups/customer-groups.table.js';
import { externalDiscountedOf } from '../product-discounts/discounted-price.js';
import { productDiscountsTable } from '../product-discounts/product-discounts.table.js';
import { typesTable } from '../types/types.table.js';
import { variantsOf } from './product-data.js';
import { typedMoneyOf, upsertPrice, withPrices } from './product-prices.js';
import { productsTable } from './products.table.js';
import { byKey, findByKeys, importedFieldsOf, type KeyedTable } from '../shared/import-upsert.js';

export const PRODUCT_IMPORT_ENGINE = Symbol('PRODUCT_IMPORT_ENGINE');

/** The import's own action, reachable only through `catalog.products.import-prices`: a built price by key. */
export class ImportPriceAction {
  @IsInt()
  @Min(1)
  variantId: number;

  @IsObject()
  price: Price;

  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

export class ImportPricesAction {
  @IsArray()
  prices: ImportPriceAction[];
}

/** The data with the price upserted by key on its variant (its variant's prices checked). */
function upsertInto(data: ProductData, { variantId, price }: ImportPriceAction): ProductData {
  return variantsOf(data).some((variant) => variant.id === variantId)
    ? withPrices(data, variantId, (prices) => upsertPrice(prices, price))
    : data;
}

/** Staged and current data with a list of prices upserted: `staged` false writes both. */
interface PriceTarget {
  staged: ProductData;
  current: ProductData;
}

function withImported(target: PriceTarget, item: ImportPriceAction): PriceTarget {
  return {
    staged: upsertInto(target.staged, item),
    current: item.staged === false ? upsertInto(target.current, item) : target.current,
  };
}

/** All prices of one product's import as one change; `hasStagedChanges` is compared once at the end. */
export function importPrices(product: Product, items: ImportPriceAction[]): Product {
  const { masterData } = product;
  const { staged, current } = items.reduce(withImported, {
    staged: masterData.staged,
    current: masterData.current,
  });
  return {
    ...product,
    masterData: { ...masterData, staged, current, hasStagedChanges: !sameJson(current, staged) },
  };
}

export const importPriceActions = {
  importPrices: action(ImportPricesAction, (p: Product, a) => ({ resource: importPrices(p, a.prices) })),
};

/** The variant an import names: its key, or else its SKU (reference facts 5.2). */
function variantByKey(product: Product, key: string): ProductVariant | undefined {
  const variants = variantsOf(product.masterData.staged);
  return variants.find((variant) => variant.key === key) ?? variants.find((variant) => variant.sku === key);
}

function errorsOf(error: unknown): ImportErrorObject[] {
  if (error instanceof ApiError) return error.errors;
  throw error;
}

type Lookup = Map<string, { id: string }>;
type Types = Map<string, Type>;

interface Candidate {
  operationId: string;
  action: ImportPriceAction;
}

const MAX_RACES = 8;

/**
 * Writes the embedded prices of one product for the import, as one product update: references by key
 * (missing ones make the operation `unresolved`), a price of the same key on the variant is updated, else
 * added. A price that can not be written (money, custom fields, a competing price scope) is `rejected` or
 * `validationFailed` alone; the others are written. Repeating an item changes nothing: the price is found
 * by its key and is already equal, so a retried operation is never imported twice.
 */
export class ProductPriceImporter {
  constructor(
    private readonly db: DataSource,
    private readonly engine: ResourceEngine<Product, ProductDraftDto>,
  ) {}

  /** Checks each item off the wire (a malformed one fails alone), then writes the rest. */
  async import(ctx: RequestContext, productKey: string, raw: ProductPriceImportItem[]) {
    const items: ProductPriceImportItem[] = [];
    const malformed = new Map<string, ProductPriceImportOutcome>();
    for (const item of raw) {
      const operationId = String(item?.operationId);
      const checked = validateDto(PriceImportDto, item?.price);
      if (checked.ok && checked.value.product.key === productKey)
        items.push({ operationId, price: item.price });
      else {
        const detail = checked.ok ? 'product: not the product of this request.' : checked.problems.join('; ');
        malformed.set(operationId, {
          operationId,
          state: 'validationFailed',
          errors: Errors.invalidJsonInput(detail).errors,
        });
      }
    }
    for (let race = 0; ; race++) {
      try {
        const outcomes = await this.attempt(ctx, productKey, items);
        return raw.map(
          (item) =>
            malformed.get(String(item?.operationId)) ??
            outcomes.find((o) => o.operationId === item.operationId)!,
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'ConcurrentModification') || race >= MAX_RACES)
          throw error;
      }
    }
  }

  private async attempt(
    ctx: RequestContext,
    productKey: string,
    items: ProductPriceImportItem[],
  ): Promise<ProductPriceImportOutcome[]> {
    const product = await productsTable.findByKey(this.db, ctx.projectKey, productKey);
    const prices = items.map((item) => item.price);
    const keysOf = (pick: (price: PriceImport) => string | undefined) =>
      prices.flatMap((price) => (pick(price) !== undefined ? [pick(price)!] : []));
    const byKeys = <T extends { key?: string }>(table: KeyedTable<T>, keys: string[]) =>
      findByKeys(this.db, table)(ctx, keys).then(byKey);
    const [groups, channels, types, discounts] = await Promise.all([
      byKeys(
        customerGroupsTable,
        keysOf((p) => p.customerGroup?.key),
      ),
      byKeys(
        channelsTable,
        keysOf((p) => p.channel?.key),
      ),
      byKeys(
        typesTable,
        keysOf((p) => p.custom?.type.key),
      ),
      byKeys(
        productDiscountsTable,
        keysOf((p) => p.discounted?.discount.key),
      ),
    ]);
    const outcomes = new Map<string, ProductPriceImportOutcome>();
    const candidates: Candidate[] = [];
    let target: PriceTarget | undefined = product
      ? { staged: product.masterData.staged, current: product.masterData.current }
      : undefined;
    for (const { operationId, price } of items) {
      const variant = product ? variantByKey(product, price.productVariant.key) : undefined;
      const unresolved: UnresolvedReference[] = [];
      if (!product) unresolved.push({ typeId: 'product', key: productKey });
      else if (!variant) unresolved.push({ typeId: 'product-variant', key: price.productVariant.key });
      if (price.customerGroup && !groups.has(price.customerGroup.key)) unresolved.push(price.customerGroup);
      if (price.channel && !channels.has(price.channel.key)) unresolved.push(price.channel);
      if (price.discounted && !discounts.has(price.discounted.discount.key))
        unresolved.push(price.discounted.discount);
      if (price.custom && !types.has(price.custom.type.key)) unresolved.push(price.custom.type);
      if (unresolved.length > 0 || !product || !target || !variant) {
        outcomes.set(operationId, { operationId, state: 'unresolved', unresolvedReferences: unresolved });
        continue;
      }
      let built: ImportPriceAction;
      try {
        built = {
          variantId: variant.id,
          price: await this.priceOf(ctx, target, variant.id, price, { groups, channels, types, discounts }),
          staged: price.staged ?? true,
        };
      } catch (error) {
        outcomes.set(operationId, { operationId, state: 'validationFailed', errors: errorsOf(error) });
        continue;
      }
      try {
        target = withImported(target, built);
        candidates.push({ operationId, action: built });
      } catch (error) {
        outcomes.set(operationId, { operationId, state: 'rejected', errors: errorsOf(error) });
      }
    }
    if (product && candidates.length > 0) {
      const written = await this.engine.update(
        ctx,
        { id: product.id },
        {
          version: product.version,
          actions: [{ action: 'importPrices', prices: candidates.map(({ action: a }) => a) }],
        },
      );
      for (const { operationId } of candidates) {
        outcomes.set(operationId, { operationId, state: 'imported', resourceVersion: written.version });
      }
    }
    return items.map(({ operationId }) => outcomes.get(operationId)!);
  }

  private async priceOf(
    ctx: RequestContext,
    target: PriceTarget,
    variantId: number,
    draft: PriceImport,
    {
      groups,
      channels,
      types,
      discounts,
    }: Record<'groups' | 'channels' | 'discounts', Lookup> & { types: Types },
  ): Promise<Price> {
    const existing = [target.staged, target.current]
      .flatMap((data) => variantsOf(data).filter((variant) => variant.id === variantId))
      .flatMap((variant) => variant.prices)
      .find((candidate) => candidate.key === draft.key);
    const price: Price = {
      id: existing?.id ?? randomUUID(),
      key: draft.key,
      value: typedMoneyOf(draft.value),
    };
    if (draft.country !== undefined) price.country = draft.country;
    if (draft.customerGroup) {
      price.customerGroup = { typeId: 'customer-group', id: groups.get(draft.customerGroup.key)!.id };
    }
    if (draft.channel) price.channel = { typeId: 'channel', id: channels.get(draft.channel.key)!.id };
    if (draft.validFrom !== undefined) price.validFrom = draft.validFrom;
    if (draft.validUntil !== undefined) price.validUntil = draft.validUntil;
    if (draft.discounted) {
      // An external product discount's value, in the price's currency (as `setDiscountedPrice` checks it).
      const discount = {
        typeId: 'product-discount' as const,
        id: discounts.get(draft.discounted.discount.key)!.id,
      };
      price.discounted = await externalDiscountedOf(
        { value: draft.discounted.value, discount },
        price.value,
        ctx,
        this.db,
      );
    }
    if (draft.tiers?.length) {
      price.tiers = draft.tiers.map((tier) => ({
        minimumQuantity: tier.minimumQuantity,
        value: typedMoneyOf(tier.value),
      }));
    }
    if (draft.custom) {
      // The Type as the group's lookup read it.
      const type = types.get(draft.custom.type.key)!;
      const fields = importedFieldsOf(draft.custom);
      checkCustomFields(type, 'product-price', fields);
      price.custom = { type: { typeId: 'type', id: type.id }, fields };
    }
    return price;
  }
}

@Controller()
export class ProductPriceImportController {
  private readonly importer: ProductPriceImporter;

  constructor(
    db: DataSource,
    @Inject(PRODUCT_IMPORT_ENGINE) engine: ResourceEngine<Product, ProductDraftDto>,
  ) {
    this.importer = new ProductPriceImporter(db, engine);
  }

  @Handles(Subjects.catalog.product.importPrices)
  importPrices(
    @Payload() { ctx, productKey, items }: Rpc<{ productKey: string; items: ProductPriceImportItem[] }>,
  ) {
    return this.importer.import(ctx, String(productKey), Array.isArray(items) ? items : []);
  }
}
