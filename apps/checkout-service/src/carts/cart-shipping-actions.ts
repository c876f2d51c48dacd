import {
  CART_ACTIONS,
  type Address,
  type Cart,
  type CustomShippingRateDraftDto,
  type ExternalTaxRateDraftDto,
  type RequestContext,
  type Shipping,
  type ShippingInfo,
  type Zone,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { externalTaxRateOf, findZone, rateForCurrency } from '@commerce/pricing';
import { action, resolveCustomFields, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { cartAddress, customOrNone, withCustomField } from './cart-context-actions.js';
import { predicateHolds, requireUsableMethod } from '../shipping-methods/matching-cart.js';
import type { CartDeps } from './cart-deps.js';
import { cartRequestOf, type CartSettings } from './cart-request.js';
import { taxCategoryRef } from './cart-custom-line-item-actions.js';

const A = CART_ACTIONS;
type Money = ShippingInfo['price'];

/** What a cart reads of a shipping method (the resource is served by checkout-service's shipping methods). */
interface ShippingMethodDoc {
  id: string;
  name: string;
  active?: boolean;
  predicate?: string;
  stores?: Array<{ typeId: 'store'; key: string }>;
  taxCategory: { typeId: 'tax-category'; id: string };
  zoneRates: Array<{ zone: { typeId: 'zone'; id: string }; shippingRates: ShippingInfo['shippingRate'][] }>;
}

function cents(money: { currencyCode: string; centAmount?: number }): Money {
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount: money.centAmount ?? 0,
    fractionDigits: 2,
  };
}

function customRate(cart: Cart, rate: CustomShippingRateDraftDto): ShippingInfo['shippingRate'] {
  const currency = cart.totalPrice.currencyCode;
  if (rate.price.currencyCode !== currency)
    throw Errors.invalidInput(`The shipping rate is in ${rate.price.currencyCode}, the cart in ${currency}.`);
  return {
    price: cents(rate.price),
    ...(rate.freeAbove ? { freeAbove: cents(rate.freeAbove) } : {}),
    tiers: (rate.tiers ?? []) as unknown as ShippingInfo['shippingRate']['tiers'],
  };
}

function singleOnly(cart: Cart, name: string): void {
  if (cart.shippingMode !== 'Single')
    throw Errors.invalidOperation(`${name} is for the Single shipping mode.`);
}

function multipleOnly(cart: Cart, name: string): void {
  if (cart.shippingMode !== 'Multiple')
    throw Errors.invalidOperation(`${name} is for the Multiple shipping mode.`);
}

/** The `shipping` entry a Multiple-mode action names by `shippingKey` (400 InvalidInput when there is none). */
function shippingOf(cart: Cart, shippingKey: string): Shipping {
  const found = cart.shipping.find((entry) => entry.shippingKey === shippingKey);
  if (!found) throw Errors.invalidInput(`The cart has no shipping with the key '${shippingKey}'.`);
  return found;
}

/** The cart with one `shipping` entry changed. */
function withShipping(cart: Cart, shippingKey: string, change: (entry: Shipping) => Shipping): Cart {
  const current = shippingOf(cart, shippingKey);
  return { ...cart, shipping: cart.shipping.map((entry) => (entry === current ? change(entry) : entry)) };
}

/**
 * What a shipping-wide action changes: in Single mode the cart's `shippingInfo` (a `shippingKey` is
 * InvalidOperation there), in Multiple mode the entry its `shippingKey` names (required).
 */
function onShipping(
  cart: Cart,
  name: string,
  shippingKey: string | undefined,
  change: (
    info: ShippingInfo,
    custom: Cart['shippingCustomFields'],
  ) => {
    info: ShippingInfo;
    custom?: Cart['shippingCustomFields'] | null;
  },
): Cart {
  if (cart.shippingMode === 'Multiple') {
    if (shippingKey === undefined)
      throw Errors.invalidInput(`${name} needs a shippingKey in the Multiple shipping mode.`);
    return withShipping(cart, shippingKey, (entry) => {
      const next = change(entry.shippingInfo, entry.shippingCustomFields);
      const updated = { ...entry, shippingInfo: next.info };
      if (next.custom === undefined) return updated;
      return withOptional(updated, 'shippingCustomFields', next.custom ?? undefined);
    });
  }
  if (shippingKey !== undefined)
    throw Errors.invalidOperation('shippingKey is only allowed in the Multiple shipping mode.');
  if (!cart.shippingInfo) throw Errors.invalidOperation('The cart has no shipping method.');
  const next = change(cart.shippingInfo, cart.shippingCustomFields);
  const updated = { ...cart, shippingInfo: next.info };
  if (next.custom === undefined) return updated;
  return withOptional(updated, 'shippingCustomFields', next.custom ?? undefined);
}

/** A new Multiple-mode shipping key must be unique in the cart. */
function checkNewKey(cart: Cart, shippingKey: string): void {
  if (cart.shipping.some((entry) => entry.shippingKey === shippingKey))
    throw Errors.invalidInput(`The cart already has a shipping with the key '${shippingKey}'.`);
}

/** A removed shipping must not be named by any item's targets any more. */
function checkUnused(cart: Cart, shippingKey: string): void {
  const used = [...cart.lineItems, ...cart.customLineItems].some((item) =>
    item.shippingDetails?.targets.some((target) => target.shippingMethodKey === shippingKey),
  );
  if (used)
    throw Errors.invalidOperation(
      `The shipping '${shippingKey}' is the target of items: change their shipping details first.`,
    );
}

/**
 * A cart's `shippingRateInput` from its draft: a Classification carries the label of the Project's
 * `CartClassification` value of that key (SDK ClassificationShippingRateInput), `{}` when there is none.
 */
export function rateInputOf(
  input: { type?: string; key?: string; score?: number } | undefined,
  labels: CartSettings['classificationLabels'],
): Cart['shippingRateInput'] | undefined {
  if (!input) return undefined;
  if (input.type !== 'Classification') return { type: 'Score', score: input.score ?? 0 };
  const key = input.key ?? '';
  return { type: 'Classification', key, label: { ...(labels?.[key] ?? {}) } };
}

const labelsOf = (ctx: RequestContext) => cartRequestOf(ctx).settings.classificationLabels;

/**
 * Shipping (checkout facts 3.1 "Shipping", 4.12): the Single mode's `shippingInfo`, the Multiple mode's
 * `shipping[]` entries by `shippingKey`; prices and taxes follow at recalculation.
 */
export function shippingActions(
  deps: CartDeps,
): Record<
  | 'setShippingMethod'
  | 'setCustomShippingMethod'
  | 'addShippingMethod'
  | 'addCustomShippingMethod'
  | 'removeShippingMethod'
  | 'setShippingRateInput'
  | 'setShippingMethodTaxRate'
  | 'setShippingMethodTaxAmount'
  | 'setShippingCustomType'
  | 'setShippingCustomField'
  | 'setEstimatedDelivery',
  ActionHandler<Cart>
> {
  return {
    setShippingMethod: action(A.setShippingMethod, async (cart: Cart, change, { ctx }) => {
      singleOnly(cart, 'setShippingMethod');
      if (!change.shippingMethod) return { resource: withOptional(cart, 'shippingInfo', undefined) };
      if (!cart.shippingAddress)
        throw Errors.invalidOperation('A shipping method needs the cart to have a shipping address.');
      const info = await methodInfo(deps, ctx, cart, change.shippingMethod, cart.shippingAddress, change);
      return { resource: { ...cart, shippingInfo: info } };
    }),
    setCustomShippingMethod: action(A.setCustomShippingMethod, async (cart: Cart, change, { ctx }) => {
      singleOnly(cart, 'setCustomShippingMethod');
      const taxCategory = await taxCategoryRef(deps, ctx, change.taxCategory);
      if (cart.taxMode === 'Platform' && !taxCategory)
        throw Errors.invalidInput('A custom shipping method needs a taxCategory in the Platform tax mode.');
      const custom = await resolveCustomFields(deps.resolver, ctx, 'order', change.custom);
      const rate = customRate(cart, change.shippingRate);
      const info: ShippingInfo = {
        shippingMethodName: change.shippingMethodName,
        price: rate.price,
        shippingRate: rate,
        ...(taxCategory ? { taxCategory } : {}),
        ...(change.externalTaxRate ? { taxRate: externalTaxRateOf(change.externalTaxRate) } : {}),
        shippingMethodState: 'MatchesCart',
        ...(change.estimatedDelivery ? { estimatedDelivery: change.estimatedDelivery } : {}),
      };
      return { resource: withOptional({ ...cart, shippingInfo: info }, 'shippingCustomFields', custom) };
    }),
    addShippingMethod: action(A.addShippingMethod, async (cart: Cart, change, { ctx }) => {
      multipleOnly(cart, 'addShippingMethod');
      checkNewKey(cart, change.shippingKey);
      noDeliveries(change.deliveries);
      const shippingAddress = await cartAddress(deps, ctx, change.shippingAddress as never);
      const info = await methodInfo(deps, ctx, cart, change.shippingMethod, shippingAddress, change);
      const custom = await resolveCustomFields(deps.resolver, ctx, 'order', change.custom);
      const rateInput = rateInputOf(change.shippingRateInput, labelsOf(ctx));
      const entry: Shipping = {
        shippingKey: change.shippingKey,
        shippingInfo: info,
        shippingAddress,
        ...(rateInput ? { shippingRateInput: rateInput } : {}),
        ...(custom ? { shippingCustomFields: custom } : {}),
      };
      return { resource: { ...cart, shipping: [...cart.shipping, entry] } };
    }),
    addCustomShippingMethod: action(A.addCustomShippingMethod, async (cart: Cart, change, { ctx }) => {
      multipleOnly(cart, 'addCustomShippingMethod');
      checkNewKey(cart, change.shippingKey);
      noDeliveries(change.deliveries);
      const taxCategory = await taxCategoryRef(deps, ctx, change.taxCategory);
      if (cart.taxMode === 'Platform' && !taxCategory)
        throw Errors.invalidInput('A custom shipping method needs a taxCategory in the Platform tax mode.');
      const shippingAddress = await cartAddress(deps, ctx, change.shippingAddress as never);
      const custom = await resolveCustomFields(deps.resolver, ctx, 'order', change.custom);
      const rate = customRate(cart, change.shippingRate);
      const rateInput = rateInputOf(change.shippingRateInput, labelsOf(ctx));
      const entry: Shipping = {
        shippingKey: change.shippingKey,
        shippingInfo: {
          shippingMethodName: change.shippingMethodName,
          price: rate.price,
          shippingRate: rate,
          ...(taxCategory ? { taxCategory } : {}),
          ...(change.externalTaxRate ? { taxRate: externalTaxRateOf(change.externalTaxRate) } : {}),
          shippingMethodState: 'MatchesCart',
        },
        shippingAddress,
        ...(rateInput ? { shippingRateInput: rateInput } : {}),
        ...(custom ? { shippingCustomFields: custom } : {}),
      };
      return { resource: { ...cart, shipping: [...cart.shipping, entry] } };
    }),
    removeShippingMethod: action(A.removeShippingMethod, (cart: Cart, { shippingKey }) => {
      multipleOnly(cart, 'removeShippingMethod');
      const entry = shippingOf(cart, shippingKey);
      checkUnused(cart, shippingKey);
      return { resource: { ...cart, shipping: cart.shipping.filter((other) => other !== entry) } };
    }),
    setShippingRateInput: action(A.setShippingRateInput, (cart: Cart, { shippingRateInput }, { ctx }) => ({
      resource: withOptional(cart, 'shippingRateInput', rateInputOf(shippingRateInput, labelsOf(ctx))),
    })),
    setShippingMethodTaxRate: action(A.setShippingMethodTaxRate, (cart: Cart, change) => {
      if (cart.taxMode !== 'External')
        throw Errors.invalidOperation('setShippingMethodTaxRate needs the External tax mode.');
      const rate = change.externalTaxRate && externalTaxRateOf(change.externalTaxRate);
      return {
        resource: onShipping(cart, 'setShippingMethodTaxRate', change.shippingKey, (info) => ({
          info: withOptional(withOptional(info, 'taxRate', rate), 'taxedPrice', undefined),
        })),
      };
    }),
    setShippingMethodTaxAmount: action(A.setShippingMethodTaxAmount, (cart: Cart, change) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw Errors.invalidOperation('setShippingMethodTaxAmount needs the ExternalAmount tax mode.');
      const amount = change.externalTaxAmount;
      return {
        resource: onShipping(cart, 'setShippingMethodTaxAmount', change.shippingKey, (info) => ({
          info: amount
            ? {
                ...info,
                taxRate: externalTaxRateOf(amount.taxRate, 'externalTaxAmount.taxRate'),
                taxedPrice: { totalNet: info.price, totalGross: cents(amount.totalGross), taxPortions: [] },
              }
            : withOptional(withOptional(info, 'taxRate', undefined), 'taxedPrice', undefined),
        })),
      };
    }),
    setShippingCustomType: action(A.setShippingCustomType, async (cart: Cart, change, { ctx }) => {
      const custom = await customOrNone(deps, ctx, 'order', change.type, change.fields);
      return {
        resource: onShipping(cart, 'setShippingCustomType', change.shippingKey, (info) => ({
          info,
          custom: custom ?? null,
        })),
      };
    }),
    setShippingCustomField: action(A.setShippingCustomField, async (cart: Cart, change, { ctx }) => {
      const current =
        cart.shippingMode === 'Multiple' && change.shippingKey !== undefined
          ? shippingOf(cart, change.shippingKey).shippingCustomFields
          : cart.shippingCustomFields;
      const custom = await withCustomField(deps, ctx, current, change.name, change.value);
      return {
        resource: onShipping(cart, 'setShippingCustomField', change.shippingKey, (info) => ({
          info,
          custom,
        })),
      };
    }),
    setEstimatedDelivery: action(A.setEstimatedDelivery, (cart: Cart, change) => ({
      resource: onShipping(cart, 'setEstimatedDelivery', change.shippingKey, (info) => ({
        info: withOptional(info, 'estimatedDelivery', change.estimatedDelivery),
      })),
      messages: [
        {
          type: 'CartEstimatedDeliverySet',
          ...(change.estimatedDelivery ? { estimatedDelivery: change.estimatedDelivery } : {}),
          ...(change.shippingKey !== undefined ? { shippingKey: change.shippingKey } : {}),
        },
      ],
    })),
  };
}

/** Deliveries belong to orders (`addDelivery`); a cart's shipping starts without them **(choice)**. */
function noDeliveries(deliveries: unknown[] | undefined): void {
  if (deliveries?.length)
    throw Errors.invalidInput('Deliveries are added to the order (addDelivery), not to a cart shipping.');
}

/**
 * A shipping method's `shippingInfo` for a cart shipping to `address` (checkout facts 4.12): the method must be
 * active, of the cart's Store (or of none), with a rate in the cart's currency for the address's zone; its
 * predicate decides `shippingMethodState`.
 */
async function methodInfo(
  deps: CartDeps,
  ctx: RequestContext,
  cart: Cart,
  ref: { typeId?: string; id?: string; key?: string },
  address: Address,
  extras: {
    externalTaxRate?: ExternalTaxRateDraftDto;
    estimatedDelivery?: ShippingInfo['estimatedDelivery'];
  },
): Promise<ShippingInfo> {
  const [method] = await deps.resolver.require<ShippingMethodDoc & Record<string, unknown>>(
    ctx,
    'shipping-method',
    [ref],
  );
  requireUsableMethod(method, cart);
  if (!predicateHolds(method.predicate, cart))
    throw Errors.invalidOperation(
      `The predicate of the shipping method '${method.name}' does not match the cart.`,
    );
  const zones = await deps.resolver.require<Zone & Record<string, unknown>>(
    ctx,
    'zone',
    method.zoneRates.map((rate) => rate.zone),
  );
  const zone = findZone(zones, address);
  const zoneRate = zone && method.zoneRates.find((rate) => rate.zone.id === zone.id);
  const rate = zoneRate && rateForCurrency(zoneRate.shippingRates, cart.totalPrice.currencyCode);
  if (!rate)
    throw Errors.invalidOperation(
      `The shipping method '${method.name}' does not ship to the cart's address in its currency.`,
    );
  await taxCategoryRef(deps, ctx, method.taxCategory);
  return {
    shippingMethodName: method.name,
    price: rate.price,
    shippingRate: rate,
    taxCategory: method.taxCategory,
    shippingMethod: { typeId: 'shipping-method', id: method.id },
    shippingMethodState: 'MatchesCart',
    ...(extras.externalTaxRate ? { taxRate: externalTaxRateOf(extras.externalTaxRate) } : {}),
    ...(extras.estimatedDelivery ? { estimatedDelivery: extras.estimatedDelivery } : {}),
  };
}
