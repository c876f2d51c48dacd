import { CheckoutInitial1764900000000 } from './1764900000000-checkout-initial.js';
import { CheckoutZones1764900100000 } from './1764900100000-checkout-zones.js';
import { CheckoutPaymentsOrders1764901000000 } from './1764901000000-checkout-payments-orders.js';
import { CheckoutCarts1764900300000 } from './1764900300000-checkout-carts.js';
import { CheckoutShippingMethods1764900200000 } from './1764900200000-checkout-shipping-methods.js';
import { CheckoutDiscounts1764902000000 } from './1764902000000-checkout-discounts.js';

export const checkoutMigrations = [
  CheckoutInitial1764900000000,
  CheckoutZones1764900100000,
  CheckoutPaymentsOrders1764901000000,
  CheckoutCarts1764900300000,
  CheckoutShippingMethods1764900200000,
  CheckoutDiscounts1764902000000,
];
