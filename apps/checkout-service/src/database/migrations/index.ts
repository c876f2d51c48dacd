import { CheckoutInitial1764900000000 } from './1764900000000-checkout-initial.js';
import { CheckoutZones1764900100000 } from './1764900100000-checkout-zones.js';
import { CheckoutPaymentsOrders1764901000000 } from './1764901000000-checkout-payments-orders.js';
import { CheckoutCarts1764900300000 } from './1764900300000-checkout-carts.js';
import { CheckoutShippingMethods1764900200000 } from './1764900200000-checkout-shipping-methods.js';
import { CheckoutRecurringOrders1764902000000 } from './1764902000000-checkout-recurring-orders.js';
import { CheckoutSubscriptions1765100000000 } from './1765100000000-checkout-subscriptions.js';
import { CheckoutSubscriptionStop1765200000000 } from './1765200000000-checkout-subscription-stop.js';
import { CheckoutCartDocIndexPendingList1765400000000 } from './1765400000000-checkout-cart-doc-index-pending-list.js';
import { CheckoutPaymentInterfaceId1764901500000 } from './1764901500000-checkout-payment-interface-id.js';
import { CheckoutShoppingLists1764903200000 } from './1764903200000-checkout-shopping-lists.js';
import { CheckoutDiscounts1764902100000 } from './1764902100000-checkout-discounts.js';
import { CheckoutDiscountGroups1766000000000 } from './1766000000000-checkout-discount-groups.js';
import { CheckoutCartWhereColumns1766100000000 } from './1766100000000-checkout-cart-where-columns.js';
import { CheckoutCartHotUpdates1766200000000 } from './1766200000000-checkout-cart-hot-updates.js';
import { CheckoutLz4Documents1766300000000 } from './1766300000000-checkout-lz4-documents.js';
import { CheckoutOrderEdits1766400000000 } from './1766400000000-checkout-order-edits.js';
import { CheckoutInlineDocuments1766600000000 } from './1766600000000-checkout-inline-documents.js';

export const checkoutMigrations = [
  CheckoutInitial1764900000000,
  CheckoutZones1764900100000,
  CheckoutPaymentsOrders1764901000000,
  CheckoutCarts1764900300000,
  CheckoutShippingMethods1764900200000,
  CheckoutRecurringOrders1764902000000,
  CheckoutSubscriptions1765100000000,
  CheckoutSubscriptionStop1765200000000,
  CheckoutPaymentInterfaceId1764901500000,
  CheckoutShoppingLists1764903200000,
  CheckoutDiscounts1764902100000,
  CheckoutCartDocIndexPendingList1765400000000,
  CheckoutDiscountGroups1766000000000,
  CheckoutCartWhereColumns1766100000000,
  CheckoutCartHotUpdates1766200000000,
  CheckoutLz4Documents1766300000000,
  CheckoutOrderEdits1766400000000,
  CheckoutInlineDocuments1766600000000,
];
