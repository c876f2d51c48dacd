import {
  builtInStateId,
  type Cart,
  type CheckoutProduct,
  type CustomFields,
  type CustomLineItem,
  type ItemShippingTarget,
  type LineItem,
  type MyLineItemDraftDto,
  type LineItemDraftDto,
  type Price,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { randomUUID } from 'node:crypto';
import { shippingDetailsOf } from './shipping-details.js';

/** A reference to a State. */
export type StateRef = { typeId: 'state'; id: string };

/**
 * The built-in state every new line item starts in (checkout facts 3, LineItem.state: "Initial"): the
 * project's built-in `Initial` LineItemState (`builtInStateId`, the one orders and catalog-service know).
 */
export function initialState(projectKey: string): StateRef {
  return { typeId: 'state', id: builtInStateId(projectKey, 'Initial') };
}

/** Whether an item's state entry is the Initial one (carts written before the built-in id named it `Initial`). */
export function isInitialState(state: { id: string }, initial: StateRef): boolean {
  return state.id === initial.id || state.id === 'Initial';
}

type ItemRef = { lineItemId?: string; lineItemKey?: string };
type CustomItemRef = { customLineItemId?: string; customLineItemKey?: string };

/** The line item an action names by `lineItemId` or `lineItemKey` (exactly one), or 400 InvalidInput. */
export function lineItemOf(cart: Pick<Cart, 'lineItems'>, ref: ItemRef): LineItem {
  return itemOf(cart.lineItems, ref.lineItemId, ref.lineItemKey, 'lineItem', 'Line item');
}

/** The custom line item an action names by `customLineItemId` or `customLineItemKey` (exactly one). */
export function customLineItemOf(cart: Pick<Cart, 'customLineItems'>, ref: CustomItemRef): CustomLineItem {
  return itemOf(
    cart.customLineItems,
    ref.customLineItemId,
    ref.customLineItemKey,
    'customLineItem',
    'Custom line item',
  );
}

function itemOf<T extends { id: string; key?: string }>(
  items: T[],
  id: string | undefined,
  key: string | undefined,
  field: string,
  label: string,
): T {
  if ((id === undefined) === (key === undefined))
    throw Errors.invalidInput(`Either '${field}Id' or '${field}Key' must be set, not both.`);
  const found = items.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!found)
    throw Errors.invalidInput(
      `${label} with ${id !== undefined ? `ID '${id}'` : `key '${key}'`} not found in the cart.`,
    );
  return found;
}

/** A new line item of a product, at the price the caller selected (`@commerce/pricing`), before totals. */
export function newLineItem(
  product: CheckoutProduct,
  draft: LineItemDraftDto | MyLineItemDraftDto,
  price: Price,
  refs: { supplyChannel?: string; distributionChannel?: string; custom?: CustomFields },
  now: string,
  initial: StateRef,
): LineItem {
  const quantity = draft.quantity ?? 1;
  const external =
    'externalTotalPrice' in draft && draft.externalTotalPrice
      ? 'ExternalTotal'
      : 'externalPrice' in draft && draft.externalPrice
        ? 'ExternalPrice'
        : 'Platform';
  return {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    productId: product.productId,
    ...(product.productKey !== undefined ? { productKey: product.productKey } : {}),
    name: product.name,
    productSlug: product.slug,
    productType: product.productType,
    variant: product.variant,
    price,
    quantity,
    totalPrice: {
      type: 'centPrecision',
      currencyCode: price.value.currencyCode,
      centAmount: 0,
      fractionDigits: price.value.fractionDigits,
    },
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    state: [{ quantity, state: initial }],
    perMethodTaxRate: [],
    ...(refs.supplyChannel ? { supplyChannel: { typeId: 'channel', id: refs.supplyChannel } } : {}),
    ...(refs.distributionChannel
      ? { distributionChannel: { typeId: 'channel', id: refs.distributionChannel } }
      : {}),
    priceMode: external,
    lineItemMode: 'Standard',
    ...('inventoryMode' in draft && draft.inventoryMode ? { inventoryMode: draft.inventoryMode } : {}),
    ...(draft.shippingDetails
      ? { shippingDetails: shippingDetailsOf(draft.shippingDetails.targets, quantity) }
      : {}),
    ...(refs.custom ? { custom: refs.custom } : {}),
    addedAt: draft.addedAt ?? now,
    lastModifiedAt: now,
  };
}

/**
 * What makes two line items one (checkout facts 4.2): product, variant, mode, channels and custom fields; and
 * the recurrence (policy and price selection mode): a one-off and a recurring item stay apart (choice).
 */
export interface LineItemIdentity {
  productId: string;
  variantId: number;
  supplyChannel?: string;
  distributionChannel?: string;
  custom?: CustomFields;
  recurrenceInfo?: LineItem['recurrenceInfo'];
}

/**
 * The line item an added one merges into (its quantity is then increased), or undefined for a new one. An
 * external price always makes a new line item; gifts never take a merge.
 */
export function mergeTarget(
  items: LineItem[],
  added: LineItemIdentity,
  hasExternalPrice: boolean,
): LineItem | undefined {
  if (hasExternalPrice) return undefined;
  return items.find(
    (item) =>
      item.lineItemMode === 'Standard' &&
      item.productId === added.productId &&
      item.variant.id === added.variantId &&
      item.supplyChannel?.id === added.supplyChannel &&
      item.distributionChannel?.id === added.distributionChannel &&
      item.recurrenceInfo?.recurrencePolicy.id === added.recurrenceInfo?.recurrencePolicy.id &&
      item.recurrenceInfo?.priceSelectionMode === added.recurrenceInfo?.priceSelectionMode &&
      sameCustom(item.custom, added.custom),
  );
}

function sameCustom(a: CustomFields | undefined, b: CustomFields | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.type.id === b.type.id && canonical(a.fields) === canonical(b.fields);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Adds `quantity` to a line item that an added one merged into: its states and shipping targets follow. */
export function withAddedQuantity(
  item: LineItem,
  quantity: number,
  targets: ItemShippingTarget[] | undefined,
  now: string,
  initial: StateRef,
): LineItem {
  const total = item.quantity + quantity;
  const state = item.state.map((entry) =>
    isInitialState(entry.state, initial) ? { ...entry, quantity: entry.quantity + quantity } : entry,
  );
  if (!state.some((entry) => isInitialState(entry.state, initial))) state.push({ quantity, state: initial });
  const merged = mergeTargets(item.shippingDetails?.targets ?? [], targets ?? []);
  return {
    ...item,
    quantity: total,
    state,
    ...(item.shippingDetails || targets ? { shippingDetails: shippingDetailsOf(merged, total) } : {}),
    lastModifiedAt: now,
  };
}

/** Targets of two drafts as one: quantities summed per address key (checkout facts 4.2). */
export function mergeTargets(a: ItemShippingTarget[], b: ItemShippingTarget[]): ItemShippingTarget[] {
  const byKey = new Map<string, ItemShippingTarget>();
  for (const target of [...a, ...b]) {
    const existing = byKey.get(target.addressKey);
    byKey.set(
      target.addressKey,
      existing ? { ...existing, quantity: existing.quantity + target.quantity } : { ...target },
    );
  }
  return [...byKey.values()];
}
