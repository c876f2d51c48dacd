import type {
  ImportCustomDto,
  ImportExternalTaxRateDto,
  ImportItemStateDto,
  ImportLineItemDto,
  ImportLineItemPriceDto,
  ImportMoneyDto,
  ImportTaxRateDto,
  OrderImportDto,
  UnresolvedReference,
} from '@commerce/contracts';

// The Import API's OrderImport (references by key) as the HTTP API's OrderImportDraft (references by id):
// what is referenced, and the draft once every reference was found. Pure: the caller looks the keys up.

/** A resource found by its key; a product also carries its variants. */
export interface FoundResource {
  id: string;
  key?: string;
  masterData?: { staged: ProductData; current: ProductData };
}
interface ProductData {
  masterVariant: FoundVariant;
  variants: FoundVariant[];
}
interface FoundVariant {
  id: number;
  sku?: string;
  key?: string;
}

/** What was found, by `typeId` and key. */
export type Found = (typeId: string, key: string) => FoundResource | undefined;

/** The product and variant of a SKU, for line items that name no product. */
export type FoundSkus = ReadonlyMap<string, { productId: string; variantId: number }>;

/** The SKUs of line items without a product: the catalog is asked for them. */
export function skusWithoutProduct(order: OrderImportDto): string[] {
  return [
    ...new Set(
      (order.lineItems ?? []).flatMap((item) =>
        !item.product && item.variant.sku !== undefined ? [item.variant.sku] : [],
      ),
    ),
  ];
}

const refKey = (ref: UnresolvedReference) => `${ref.typeId}:${ref.key}`;

function customRefs(custom: ImportCustomDto | undefined): UnresolvedReference[] {
  return custom ? [custom.type] : [];
}

function stateRefs(states: ImportItemStateDto[] | undefined): UnresolvedReference[] {
  return (states ?? []).map((itemState) => itemState.state);
}

function priceRefs(price: ImportLineItemPriceDto): UnresolvedReference[] {
  return [
    ...(price.customerGroup ? [price.customerGroup] : []),
    ...(price.channel ? [price.channel] : []),
    ...(price.discounted ? [price.discounted.discount] : []),
    ...customRefs(price.custom),
  ];
}

function lineItemRefs(lineItem: ImportLineItemDto): UnresolvedReference[] {
  return [
    ...(lineItem.product ? [lineItem.product] : []),
    ...(lineItem.supplyChannel ? [lineItem.supplyChannel] : []),
    ...(lineItem.distributionChannel ? [lineItem.distributionChannel] : []),
    ...priceRefs(lineItem.price),
    ...(lineItem.variant.prices ?? []).flatMap(priceRefs),
    ...stateRefs(lineItem.state),
    ...customRefs(lineItem.custom),
  ];
}

/**
 * Every KeyReference of the order, each once, in the order of the fields (a line item's `productVariant` is
 * looked for in its product: see `unresolvedVariants`).
 */
export function keyReferencesOf(order: OrderImportDto): UnresolvedReference[] {
  const all: UnresolvedReference[] = [
    ...(order.customer ? [order.customer] : []),
    ...(order.customerGroup ? [order.customerGroup] : []),
    ...(order.store ? [order.store] : []),
    ...(order.state ? [order.state] : []),
    ...customRefs(order.custom),
    ...(order.lineItems ?? []).flatMap(lineItemRefs),
    ...(order.customLineItems ?? []).flatMap((item) => [
      ...(item.taxCategory ? [item.taxCategory] : []),
      ...stateRefs(item.state),
    ]),
    ...(order.shippingInfo?.taxCategory ? [order.shippingInfo.taxCategory] : []),
    ...(order.shippingInfo?.shippingMethod ? [order.shippingInfo.shippingMethod] : []),
  ];
  const seen = new Map(all.map((ref) => [refKey(ref), { typeId: ref.typeId, key: ref.key }]));
  return [...seen.values()];
}

/** The line item's variant in its product (staged data: an import may name a variant not yet published). */
function variantOf(lineItem: ImportLineItemDto, found: Found): FoundVariant | undefined {
  const data = lineItem.product && found('product', lineItem.product.key)?.masterData?.staged;
  if (!data) return undefined;
  const variants = [data.masterVariant, ...data.variants];
  const { productVariant, sku } = lineItem.variant;
  if (productVariant) return variants.find((variant) => variant.key === productVariant.key);
  return sku === undefined ? undefined : variants.find((variant) => variant.sku === sku);
}

/** The `productVariant` references no product of the order has (or whose product is not given). */
export function unresolvedVariants(order: OrderImportDto, found: Found): UnresolvedReference[] {
  return (order.lineItems ?? []).flatMap((lineItem) => {
    const { productVariant } = lineItem.variant;
    return productVariant && !variantOf(lineItem, found) ? [productVariant] : [];
  });
}

const money = (value: ImportMoneyDto) => ({ ...value });

function taxRate(rate: ImportTaxRateDto | ImportExternalTaxRateDto) {
  return {
    name: rate.name,
    ...(rate.amount !== undefined ? { amount: rate.amount } : {}),
    ...(rate.includedInPrice !== undefined ? { includedInPrice: rate.includedInPrice } : {}),
    country: rate.country,
    ...(rate.state ? { state: rate.state } : {}),
    ...(rate.subRates ? { subRates: rate.subRates.map(({ name, amount }) => ({ name, amount })) } : {}),
  };
}

function byId(found: Found, ref: UnresolvedReference | undefined) {
  const resource = ref && found(ref.typeId, ref.key);
  return resource ? { typeId: ref.typeId, id: resource.id } : undefined;
}

function custom(found: Found, draft: ImportCustomDto | undefined) {
  if (!draft) return undefined;
  const fields = Object.fromEntries(Object.entries(draft.fields ?? {}).map(([name, f]) => [name, f.value]));
  return { type: byId(found, draft.type), fields };
}

function price(draft: ImportLineItemPriceDto) {
  return { value: money(draft.value), ...(draft.country ? { country: draft.country } : {}) };
}

function itemStates(found: Found, states: ImportItemStateDto[] | undefined) {
  return states?.map((itemState) => ({ quantity: itemState.quantity, state: byId(found, itemState.state) }));
}

/** Drops the properties whose value is undefined, so the draft carries only what the import gave. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function lineItem(found: Found, skus: FoundSkus, draft: ImportLineItemDto) {
  const product = draft.product && found('product', draft.product.key);
  const variant = variantOf(draft, found);
  const bySku = !draft.product && draft.variant.sku !== undefined ? skus.get(draft.variant.sku) : undefined;
  return defined({
    name: draft.name,
    productId: product?.id ?? bySku?.productId,
    variant: defined({
      id: variant?.id ?? bySku?.variantId,
      sku: draft.variant.sku ?? variant?.sku,
      prices: draft.variant.prices?.map(price),
      attributes: draft.variant.attributes?.map(({ name, value }) => ({ name, value })),
      images: draft.variant.images?.map((image) => ({ ...image })),
    }),
    quantity: draft.quantity,
    price: price(draft.price),
    taxRate: draft.taxRate && taxRate(draft.taxRate),
    distributionChannel: byId(found, draft.distributionChannel),
    supplyChannel: byId(found, draft.supplyChannel),
    state: itemStates(found, draft.state),
    shippingDetails: draft.shippingDetails,
    custom: custom(found, draft.custom),
  });
}

function customLineItem(found: Found, draft: NonNullable<OrderImportDto['customLineItems']>[number]) {
  const rate = draft.taxRate ?? draft.externalTaxRate;
  return defined({
    name: draft.name,
    money: money(draft.money),
    slug: draft.slug,
    quantity: draft.quantity,
    taxRate: rate && taxRate(rate),
    taxedPrice: draft.taxedPrice && {
      totalNet: money(draft.taxedPrice.totalNet),
      totalGross: money(draft.taxedPrice.totalGross),
      taxPortions: [],
    },
    taxCategory: byId(found, draft.taxCategory),
    state: itemStates(found, draft.state),
    shippingDetails: draft.shippingDetails,
  });
}

function shippingInfo(found: Found, draft: OrderImportDto['shippingInfo']) {
  if (!draft) return undefined;
  return defined({
    shippingMethodName: draft.shippingMethodName,
    price: money(draft.price),
    shippingRate: defined({
      price: money(draft.shippingRate.price),
      freeAbove: draft.shippingRate.freeAbove && money(draft.shippingRate.freeAbove),
      tiers: draft.shippingRate.tiers,
    }),
    taxRate: draft.taxRate && taxRate(draft.taxRate),
    taxCategory: byId(found, draft.taxCategory),
    shippingMethod: byId(found, draft.shippingMethod),
    deliveries: draft.deliveries?.map((delivery) =>
      defined({
        items: delivery.items.map(({ id, quantity }) => ({ id, quantity })),
        address: delivery.address,
      }),
    ),
    shippingMethodState: draft.shippingMethodState,
  });
}

/**
 * The HTTP API's OrderImportDraft of an order whose references were all found. A line item without a product
 * is placed on the variant of its SKU when the catalog has one, else it keeps the SKU only.
 */
export function orderImportDraftOf(
  order: OrderImportDto,
  found: Found,
  skus: FoundSkus = new Map(),
): Record<string, unknown> {
  return defined({
    orderNumber: order.orderNumber,
    customerId: order.customer && found('customer', order.customer.key)?.id,
    customerEmail: order.customerEmail,
    customerGroup: byId(found, order.customerGroup),
    store: order.store && { typeId: 'store', key: order.store.key },
    lineItems: order.lineItems?.map((item) => lineItem(found, skus, item)),
    customLineItems: order.customLineItems?.map((item) => customLineItem(found, item)),
    totalPrice: money(order.totalPrice),
    taxedPrice: order.taxedPrice && {
      totalNet: money(order.taxedPrice.totalNet),
      totalGross: money(order.taxedPrice.totalGross),
      taxPortions: order.taxedPrice.taxPortions.map((portion) =>
        defined({ name: portion.name, rate: portion.rate, amount: money(portion.amount) }),
      ),
    },
    taxRoundingMode: order.taxRoundingMode,
    taxCalculationMode: order.taxCalculationMode,
    inventoryMode: order.inventoryMode,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    itemShippingAddresses: order.itemShippingAddresses,
    shippingInfo: shippingInfo(found, order.shippingInfo),
    orderState: order.orderState,
    shipmentState: order.shipmentState,
    paymentState: order.paymentState,
    state: byId(found, order.state),
    country: order.country,
    origin: order.origin,
    completedAt: order.completedAt,
    custom: custom(found, order.custom),
  });
}
