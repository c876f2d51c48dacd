import type { Cart } from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';
import { predicateHolds, storeAllows } from '../shipping-methods/matching-cart.js';

/** What an order's check reads of a shipping method of the cart, as it is now. */
export interface CartShippingMethod {
  id: string;
  name: string;
  active?: boolean;
  predicate?: string;
  stores?: Array<{ typeId: 'store'; key: string }>;
}

/** The ids of the cart's shipping methods: the Single mode's `shippingInfo`, the Multiple mode's `shipping[]`. */
export function shippingMethodIdsOf(cart: Pick<Cart, 'shippingInfo' | 'shipping'>): string[] {
  const infos = [cart.shippingInfo, ...(cart.shipping ?? []).map((entry) => entry.shippingInfo)];
  return [...new Set(infos.flatMap((info) => (info?.shippingMethod ? [info.shippingMethod.id] : [])))];
}

/**
 * At order creation each shipping method of the cart must, as it is now, still be active and of the cart's Store
 * (else InvalidOperation) and its predicate must hold for the cart (else ShippingMethodDoesNotMatchCart), as
 * checkout facts 5 list the order's errors: the cart or the method may have changed since it was set.
 */
export function checkShippingMethods(cart: Cart, methods: CartShippingMethod[]): void {
  for (const method of methods) {
    if (method.active === false)
      throw Errors.invalidOperation(`The shipping method '${method.name}' is not active.`);
    if (!storeAllows({ stores: method.stores ?? [] }, cart))
      throw Errors.invalidOperation(`The shipping method '${method.name}' is not for the cart's Store.`);
    if (!predicateHolds(method.predicate, cart)) throw CartErrors.shippingMethodDoesNotMatchCart();
  }
}
