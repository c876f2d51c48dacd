import { CheckoutInitial1764900000000 } from './1764900000000-checkout-initial.js';
import { CheckoutZones1764900100000 } from './1764900100000-checkout-zones.js';
import { CheckoutCarts1764900300000 } from './1764900300000-checkout-carts.js';

export const checkoutMigrations = [
  CheckoutInitial1764900000000,
  CheckoutZones1764900100000,
  CheckoutCarts1764900300000,
];
