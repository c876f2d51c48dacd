import {
  CartResource,
  OrderResource,
  PaymentMethodResource,
  PaymentResource,
  RecurrencePolicyResource,
  RecurringOrderResource,
  ShippingMethodResource,
  ZoneResource,
} from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ZonesController = resourceController(ZoneResource);
export const ShippingMethodsController = resourceController(ShippingMethodResource);
export const CartsController = resourceController(CartResource);
export const InStoreCartsController = resourceController(CartResource, { inStore: true });
export const PaymentsController = resourceController(PaymentResource);
export const OrdersController = resourceController(OrderResource);
export const InStoreOrdersController = resourceController(OrderResource, { inStore: true });
export const RecurrencePoliciesController = resourceController(RecurrencePolicyResource);
export const RecurringOrdersController = resourceController(RecurringOrderResource);
export const PaymentMethodsController = resourceController(PaymentMethodResource);
