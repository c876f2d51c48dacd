import type { Cart, ShippingMethod, Zone } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { findZone, markMatching, type ShippingRateInputType } from '@commerce/pricing';
import { evaluatePredicate, parsePredicate } from '@commerce/query';

/** Where a cart is to be shipped: its shipping address, or the location `matching-cart-location` names. */
export interface CartLocation {
  country: string;
  state?: string;
}

/**
 * Whether a shipping method's `predicate` holds for the cart. It is evaluated by the query predicate grammar
 * it was stored under (a field compared with a value, `and`, `or`, `not`, ...) on the cart's document; one the
 * cart cannot answer (a missing field, a cart-predicate function) does not hold **(choice)**.
 */
export function predicateHolds(predicate: string | undefined, cart: Cart): boolean {
  if (predicate === undefined || predicate.trim() === '') return true;
  try {
    return evaluatePredicate(parsePredicate(predicate), cart);
  } catch {
    return false;
  }
}

/**
 * The cart with each shipping method's `shippingMethodState` as its predicate decides on the cart as it now is
 * (checkout facts 4.12: the predicate sets the state at every recalculation). `predicates` holds the methods
 * read for this change; one not among them (set by this change, or deleted) keeps its state.
 */
export function withShippingMethodStates(
  cart: Cart,
  predicates: ReadonlyMap<string, string | undefined> | undefined,
): Cart {
  if (!predicates || predicates.size === 0) return cart;
  const judged = <I extends { shippingMethod?: { id: string }; shippingMethodState: string }>(info: I): I => {
    const id = info.shippingMethod?.id;
    if (id === undefined || !predicates.has(id)) return info;
    const state = predicateHolds(predicates.get(id), cart) ? 'MatchesCart' : 'DoesNotMatchCart';
    return state === info.shippingMethodState ? info : { ...info, shippingMethodState: state };
  };
  const shippingInfo = cart.shippingInfo && judged(cart.shippingInfo);
  const shipping = cart.shipping.map((entry) => {
    const info = judged(entry.shippingInfo);
    return info === entry.shippingInfo ? entry : { ...entry, shippingInfo: info };
  });
  if (shippingInfo === cart.shippingInfo && shipping.every((entry, i) => entry === cart.shipping[i]))
    return cart;
  return { ...cart, ...(shippingInfo ? { shippingInfo } : {}), shipping };
}

/** Σ LI + CLI `totalPrice` in cents: what CartValue tiers and `freeAbove` compare (facts 4.12). */
export function itemsValueOf(cart: Cart): number {
  return [...cart.lineItems, ...cart.customLineItems].reduce(
    (sum, item) => sum + item.totalPrice.centAmount,
    0,
  );
}

/** The ids of a cart's shipping methods, each once: the Single mode's `shippingInfo`, the Multiple mode's `shipping[]`. */
export function shippingMethodIdsOf(cart: Pick<Cart, 'shippingInfo' | 'shipping'> | undefined): string[] {
  if (!cart) return [];
  const infos = [cart.shippingInfo, ...(cart.shipping ?? []).map((entry) => entry.shippingInfo)];
  return [...new Set(infos.flatMap((info) => (info?.shippingMethod ? [info.shippingMethod.id] : [])))];
}

/**
 * A method that may ship the cart: active, and of the cart's Store or of none (`InvalidOperation` otherwise),
 * checked when a cart sets it and again when the cart is ordered.
 */
export function requireUsableMethod(
  method: { name: string; active?: boolean; stores?: ShippingMethod['stores'] },
  cart: Pick<Cart, 'store'>,
): void {
  if (method.active === false)
    throw Errors.invalidOperation(`The shipping method '${method.name}' is not active.`);
  if (!storeAllows({ stores: method.stores ?? [] }, cart))
    throw Errors.invalidOperation(`The shipping method '${method.name}' is not for the cart's Store.`);
}

/** Whether a method may ship a cart of this Store: one without Stores ships every cart, one with Stores only theirs. */
export function storeAllows(method: Pick<ShippingMethod, 'stores'>, cart: Pick<Cart, 'store'>): boolean {
  return method.stores.length === 0 || method.stores.some((store) => store.key === cart.store?.key);
}

/**
 * The shipping methods that can ship a cart (checkout facts 4.12, `matching-cart`): the zone of the location
 * (the cart's shipping address, or the one asked), then every active method of the cart's Store (or of none)
 * whose predicate holds for the cart and that has a rate for that zone in the cart's currency; each shows only
 * that zone rate, its rates marked `isMatching` (the cart's currency) and the matching rate's tiers marked by
 * the cart's value, classification or score. The default method comes first.
 */
export function matchingCart(
  methods: readonly ShippingMethod[],
  zones: readonly Zone[],
  cart: Cart,
  location: CartLocation,
  rateInputType?: ShippingRateInputType,
): ShippingMethod[] {
  const zone = findZone(zones, location);
  if (!zone) return [];
  const currencyCode = cart.totalPrice.currencyCode;
  const tierInput = {
    currencyCode,
    cartValue: itemsValueOf(cart),
    ...(rateInputType ? { rateInputType } : {}),
    ...(cart.shippingRateInput ? { rateInput: cart.shippingRateInput } : {}),
  };
  const matching = methods.flatMap((method) => {
    if (!method.active || !storeAllows(method, cart) || !predicateHolds(method.predicate, cart)) return [];
    const zoneRate = method.zoneRates.find((rate) => rate.zone.id === zone.id);
    if (!zoneRate) return [];
    const shippingRates = markMatching(zoneRate.shippingRates, currencyCode, tierInput);
    if (!shippingRates.some((rate) => rate.isMatching)) return [];
    return [{ ...method, zoneRates: [{ ...zoneRate, shippingRates }] }];
  });
  return [
    ...matching.filter((method) => method.isDefault),
    ...matching.filter((method) => !method.isDefault),
  ];
}
