import type { Cart } from '@commerce/contracts';
import { CartErrors } from '@commerce/errors';
import { predicateHolds, requireUsableMethod } from '../shipping-methods/matching-cart.js';

/** What an order's check reads of a shipping method of the cart, as it is now. */
export interface CartShippingMethod {
  id: string;
  name: string;
  active?: boolean;
  predicate?: string;
  stores?: Array<{ typeId: 'store'; key: string }>;
}

/**
 * At order creation each shipping method of the cart must, as it is now, still be active and of the cart's Store
 * (else InvalidOperation) and its predicate must hold for the cart (else ShippingMethodDoesNotMatchCart), as
 * checkout facts 5 list the order's errors: the cart or the method may have changed since it was set.
 */
export function checkShippingMethods(cart: Cart, methods: CartShippingMethod[]): void {
  for (const method of methods) {
    requireUsableMethod(method, cart);
    if (!predicateHolds(method.predicate, cart)) throw CartErrors.shippingMethodDoesNotMatchCart();
  }
}
