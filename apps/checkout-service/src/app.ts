import { ResourcesModule } from '@commerce/resources';
import { AnonymousSessionsModule } from './anonymous-sessions/anonymous-sessions.module.js';
import type { ServiceApp } from '@commerce/service-kit';
import { checkoutMigrations } from './database/migrations/index.js';
import { CartsModule } from './carts/carts.module.js';
import { CartDiscountsModule } from './cart-discounts/cart-discounts.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { OrderEditsModule } from './order-edits/order-edits.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module.js';
import { ShoppingListsModule } from './shopping-lists/shopping-lists.module.js';
import { ZonesModule } from './zones/zones.module.js';
import { RecurringOrdersModule } from './recurring-orders/recurring-orders.module.js';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module.js';

/**
 * checkout-service owns what a checkout needs besides the catalog (schema `checkout`): zones, shipping
 * methods, carts, orders (and their edits) and payments, shopping lists, recurrence policies, recurring orders (and their
 * scheduler) and payment methods, and their Messages.
 */
export const checkoutServiceApp: ServiceApp = {
  name: 'checkout-service',
  subjectPrefix: 'checkout',
  database: { schema: 'checkout', migrations: checkoutMigrations },
  imports: [
    ResourcesModule.forService({ prefix: 'checkout', schema: 'checkout' }),
    ZonesModule,
    CartsModule,
    PaymentsModule,
    OrdersModule,
    OrderEditsModule,
    ShippingMethodsModule,
    RecurringOrdersModule,
    PaymentMethodsModule,
    ShoppingListsModule,
    CartDiscountsModule,
    AnonymousSessionsModule,
  ],
};
