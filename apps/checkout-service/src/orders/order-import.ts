import {
  type CustomLineItem,
  type CustomLineItemImportDraftDto,
  type ExternalTaxRateDraftDto,
  type ItemShippingDetailsDraftDto,
  type ItemState,
  type ItemStateDraftDto,
  type ItemTaxRate,
  type LineItem,
  type LineItemImportDraftDto,
  type Order,
  type OrderImportDraftDto,
  type PriceDraftDto,
  type RequestContext,
  type TaxedPrice,
  type TaxedPriceDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { resolveCustomFields, type ReferenceResolver, type ResourceFields } from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { addressOf } from '../shared/addresses.js';
import { centPrecisionOf, centsOf, typedMoneyOf } from '../shared/money.js';
import { stateReference } from '../shared/state-transition.js';

/** An imported item without States starts with all of its quantity in the built-in `Initial` LineItemState. */
async function itemStates(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  quantity: number,
  drafts: ItemStateDraftDto[] | undefined,
): Promise<ItemState[]> {
  if (drafts) {
    return Promise.all(
      drafts.map(async (d) => ({
        quantity: d.quantity,
        state: await stateReference(resolver, ctx, 'LineItemState', d.state),
      })),
    );
  }
  const initial = await stateReference(resolver, ctx, 'LineItemState', { key: 'Initial' });
  return [{ quantity, state: initial }];
}

function taxRateOf(draft: ExternalTaxRateDraftDto | undefined): ItemTaxRate | undefined {
  if (!draft) return undefined;
  const amount = draft.amount ?? (draft.subRates ?? []).reduce((sum, r) => sum + r.amount, 0);
  return {
    name: draft.name,
    amount,
    includedInPrice: draft.includedInPrice ?? false,
    country: draft.country,
    ...(draft.state ? { state: draft.state } : {}),
    ...(draft.subRates ? { subRates: draft.subRates.map((r) => ({ name: r.name, amount: r.amount })) } : {}),
  };
}

function taxedPriceOf(draft: TaxedPriceDraftDto | undefined, field: string): TaxedPrice | undefined {
  if (!draft) return undefined;
  return {
    totalNet: centPrecisionOf(draft.totalNet, `${field}.totalNet`),
    totalGross: centPrecisionOf(draft.totalGross, `${field}.totalGross`),
    taxPortions: draft.taxPortions.map((p, i) => ({
      ...(p.name ? { name: p.name } : {}),
      rate: p.rate,
      amount: centPrecisionOf(p.amount, `${field}.taxPortions[${i}].amount`),
    })),
    ...(draft.totalTax ? { totalTax: centPrecisionOf(draft.totalTax, `${field}.totalTax`) } : {}),
  };
}

function shippingDetailsOf(draft: ItemShippingDetailsDraftDto | undefined, quantity: number) {
  if (!draft) return undefined;
  const total = draft.targets.reduce((sum, t) => sum + t.quantity, 0);
  return { targets: draft.targets.map((t) => ({ ...t })), valid: total === quantity };
}

function priceOf(draft: PriceDraftDto, field: string) {
  return {
    id: randomUUID(),
    value: typedMoneyOf(draft.value, `${field}.value`),
    ...(draft.country ? { country: draft.country } : {}),
  };
}

async function lineItemOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: LineItemImportDraftDto,
  index: number,
): Promise<LineItem> {
  const field = `lineItems[${index}]`;
  const price = priceOf(draft.price, `${field}.price`);
  const [product, channels, custom, state] = await Promise.all([
    draft.productId
      ? resolver
          .require<{ id: string; key?: string; productType: LineItem['productType'] }>(ctx, 'product', [
            { id: draft.productId },
          ])
          .then(([found]) => found)
      : undefined,
    resolver.require(
      ctx,
      'channel',
      [draft.distributionChannel, draft.supplyChannel].filter((c) => c !== undefined),
    ),
    resolveCustomFields(resolver, ctx, 'line-item', draft.custom),
    itemStates(resolver, ctx, draft.quantity, draft.state),
  ]);
  const [distribution, supply] = draft.distributionChannel ? channels : [undefined, channels[0]];
  const taxRate = taxRateOf(draft.taxRate);
  const taxedPrice = taxedPriceOf(draft.taxedPrice, `${field}.taxedPrice`);
  const shippingDetails = shippingDetailsOf(draft.shippingDetails, draft.quantity);
  return {
    id: randomUUID(),
    ...(draft.key ? { key: draft.key } : {}),
    productId: product?.id ?? draft.productId ?? '',
    ...(product?.key ? { productKey: product.key } : {}),
    name: draft.name,
    ...(product ? { productType: product.productType } : {}),
    variant: {
      id: draft.variant.id ?? 1,
      ...(draft.variant.sku ? { sku: draft.variant.sku } : {}),
      prices: (draft.variant.prices ?? []).map((p, i) => priceOf(p, `${field}.variant.prices[${i}]`)),
      images: (draft.variant.images ?? []) as unknown as LineItem['variant']['images'],
      attributes: (draft.variant.attributes ?? []) as unknown as LineItem['variant']['attributes'],
      assets: [],
    },
    price,
    quantity: draft.quantity,
    totalPrice: centsOf(price.value.currencyCode, price.value.centAmount * draft.quantity),
    discountedPricePerQuantity: [],
    ...(taxedPrice ? { taxedPrice } : {}),
    taxedPricePortions: [],
    state,
    ...(taxRate ? { taxRate } : {}),
    perMethodTaxRate: [],
    ...(distribution ? { distributionChannel: { typeId: 'channel', id: distribution.id } } : {}),
    ...(supply && draft.supplyChannel ? { supplyChannel: { typeId: 'channel', id: supply.id } } : {}),
    priceMode: 'Platform',
    lineItemMode: 'Standard',
    ...(draft.inventoryMode ? { inventoryMode: draft.inventoryMode } : {}),
    ...(shippingDetails ? { shippingDetails } : {}),
    ...(custom ? { custom } : {}),
  } as LineItem;
}

async function customLineItemOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: CustomLineItemImportDraftDto,
  index: number,
): Promise<CustomLineItem> {
  const field = `customLineItems[${index}]`;
  const money = typedMoneyOf(draft.money, `${field}.money`);
  const [taxCategory, custom, state] = await Promise.all([
    draft.taxCategory
      ? resolver.require(ctx, 'tax-category', [draft.taxCategory]).then(([c]) => c)
      : undefined,
    resolveCustomFields(resolver, ctx, 'custom-line-item', draft.custom),
    itemStates(resolver, ctx, draft.quantity, draft.state),
  ]);
  const taxRate = taxRateOf(draft.taxRate);
  const taxedPrice = taxedPriceOf(draft.taxedPrice, `${field}.taxedPrice`);
  const shippingDetails = shippingDetailsOf(draft.shippingDetails, draft.quantity);
  return {
    id: randomUUID(),
    ...(draft.key ? { key: draft.key } : {}),
    name: draft.name,
    money,
    ...(taxedPrice ? { taxedPrice } : {}),
    taxedPricePortions: [],
    totalPrice: centsOf(money.currencyCode, money.centAmount * draft.quantity),
    slug: draft.slug,
    quantity: draft.quantity,
    state,
    ...(taxCategory ? { taxCategory: { typeId: 'tax-category', id: taxCategory.id } } : {}),
    ...(taxRate ? { taxRate } : {}),
    perMethodTaxRate: [],
    discountedPricePerQuantity: [],
    ...(custom ? { custom } : {}),
    ...(shippingDetails ? { shippingDetails } : {}),
    priceMode: draft.priceMode ?? 'Standard',
  };
}

/**
 * An order from an `OrderImportDraft`, taken as given: no price selection, tax or total is recalculated
 * (checkout facts 5). References (customer, group, store, channels, States, Types, payments) must exist.
 */
export async function importedOrder(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: OrderImportDraftDto,
): Promise<ResourceFields<Order>> {
  if ((draft.lineItems ?? []).length + (draft.customLineItems ?? []).length === 0) {
    throw Errors.invalidOperation('An imported order needs line items or custom line items.');
  }
  if (draft.businessUnit) {
    throw Errors.referencedResourceNotFound(
      'business-unit',
      draft.businessUnit.id ? { id: draft.businessUnit.id } : { key: draft.businessUnit.key ?? '' },
    );
  }
  const addresses = (list: typeof draft.itemShippingAddresses = []) =>
    Promise.all(list.map((a) => addressOf(resolver, ctx, a)));
  const [lineItems, customLineItems, custom, state, store, group, billing, shipping, itemAddresses] =
    await Promise.all([
      Promise.all((draft.lineItems ?? []).map((li, i) => lineItemOf(resolver, ctx, li, i))),
      Promise.all((draft.customLineItems ?? []).map((cli, i) => customLineItemOf(resolver, ctx, cli, i))),
      resolveCustomFields(resolver, ctx, 'order', draft.custom),
      draft.state && stateReference(resolver, ctx, 'OrderState', draft.state),
      draft.store &&
        resolver.require<{ id: string; key: string }>(ctx, 'store', [draft.store]).then(([s]) => s),
      draft.customerGroup && resolver.require(ctx, 'customer-group', [draft.customerGroup]).then(([g]) => g),
      draft.billingAddress && addressOf(resolver, ctx, draft.billingAddress),
      draft.shippingAddress && addressOf(resolver, ctx, draft.shippingAddress),
      addresses(draft.itemShippingAddresses),
    ]);
  if (draft.customerId) await resolver.require(ctx, 'customer', [{ id: draft.customerId }]);
  const taxedPrice = taxedPriceOf(draft.taxedPrice, 'taxedPrice');
  const shippingInfo = draft.shippingInfo && (await importedShippingInfo(resolver, ctx, draft.shippingInfo));
  return {
    ...(draft.orderNumber ? { orderNumber: draft.orderNumber } : {}),
    ...(draft.purchaseOrderNumber ? { purchaseOrderNumber: draft.purchaseOrderNumber } : {}),
    ...(draft.customerId ? { customerId: draft.customerId } : {}),
    ...(draft.customerEmail ? { customerEmail: draft.customerEmail } : {}),
    ...(group ? { customerGroup: { typeId: 'customer-group', id: group.id } } : {}),
    ...(store ? { store: { typeId: 'store', key: store.key } } : {}),
    lineItems,
    customLineItems,
    totalPrice: centPrecisionOf(draft.totalPrice, 'totalPrice'),
    ...(taxedPrice ? { taxedPrice } : {}),
    ...(draft.priceRoundingMode ? { priceRoundingMode: draft.priceRoundingMode } : {}),
    ...(draft.taxRoundingMode ? { taxRoundingMode: draft.taxRoundingMode } : {}),
    ...(draft.taxCalculationMode ? { taxCalculationMode: draft.taxCalculationMode } : {}),
    ...(draft.inventoryMode ? { inventoryMode: draft.inventoryMode } : {}),
    ...(billing ? { billingAddress: billing } : {}),
    ...(shipping ? { shippingAddress: shipping } : {}),
    itemShippingAddresses: itemAddresses,
    shippingMode: 'Single',
    ...(shippingInfo ? { shippingInfo } : {}),
    shipping: [],
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
    ...(draft.paymentInfo
      ? { paymentInfo: await paymentInfoOf(resolver, ctx, draft.paymentInfo.payments) }
      : {}),
    ...(draft.country ? { country: draft.country } : {}),
    origin: draft.origin ?? 'Customer',
    orderState: draft.orderState ?? 'Open',
    ...(draft.shipmentState ? { shipmentState: draft.shipmentState } : {}),
    ...(draft.paymentState ? { paymentState: draft.paymentState } : {}),
    ...(state ? { state } : {}),
    syncInfo: [],
    returnInfo: [],
    ...(draft.completedAt ? { completedAt: draft.completedAt } : {}),
    ...(custom ? { custom } : {}),
  };
}

async function paymentInfoOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  payments: { id?: string; key?: string }[],
): Promise<{ payments: { typeId: 'payment'; id: string }[] }> {
  const found = await resolver.require(ctx, 'payment', payments);
  return { payments: found.map((p) => ({ typeId: 'payment', id: p.id })) };
}

async function importedShippingInfo(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: NonNullable<OrderImportDraftDto['shippingInfo']>,
): Promise<NonNullable<Order['shippingInfo']>> {
  const taxRate = taxRateOf(draft.taxRate);
  const taxedPrice = taxedPriceOf(draft.taxedPrice, 'shippingInfo.taxedPrice');
  const taxCategory =
    draft.taxCategory && (await resolver.require(ctx, 'tax-category', [draft.taxCategory]))[0];
  const deliveries = await Promise.all(
    (draft.deliveries ?? []).map(async (d) => {
      const [address, custom] = await Promise.all([
        d.address && addressOf(resolver, ctx, d.address),
        resolveCustomFields(resolver, ctx, 'order-delivery', d.custom),
      ]);
      return {
        id: randomUUID(),
        ...(d.key ? { key: d.key } : {}),
        createdAt: new Date().toISOString(),
        items: (d.items ?? []).map(({ id, quantity }) => ({ id, quantity })),
        parcels: [],
        ...(address ? { address } : {}),
        ...(custom ? { custom } : {}),
      };
    }),
  );
  return {
    shippingMethodName: draft.shippingMethodName,
    price: centPrecisionOf(draft.price, 'shippingInfo.price'),
    shippingRate: {
      price: centPrecisionOf(draft.shippingRate.price, 'shippingInfo.shippingRate.price'),
      ...(draft.shippingRate.freeAbove
        ? { freeAbove: centPrecisionOf(draft.shippingRate.freeAbove, 'shippingInfo.shippingRate.freeAbove') }
        : {}),
      tiers: [],
    },
    ...(taxRate ? { taxRate } : {}),
    ...(taxedPrice ? { taxedPrice } : {}),
    ...(taxCategory ? { taxCategory: { typeId: 'tax-category', id: taxCategory.id } } : {}),
    deliveries,
    shippingMethodState: draft.shippingMethodState ?? 'MatchesCart',
  };
}
