import {
  CartResource,
  OrderResource,
  PaymentResource,
  ShippingMethodResource,
  ShoppingListResource,
  ZoneResource,
} from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';
import { SHOPPING_LIST_EXPANSION } from './shopping-list-expansion.js';

export const ZonesController = resourceController(ZoneResource);
export const ShippingMethodsController = resourceController(ShippingMethodResource);
export const CartsController = resourceController(CartResource);
export const InStoreCartsController = resourceController(CartResource, { inStore: true });
export const PaymentsController = resourceController(PaymentResource);
export const OrdersController = resourceController(OrderResource);
export const InStoreOrdersController = resourceController(OrderResource, { inStore: true });
export const ShoppingListsController = resourceController(ShoppingListResource, {
  hooks: { expand: SHOPPING_LIST_EXPANSION },
});
export const InStoreShoppingListsController = resourceController(ShoppingListResource, {
  inStore: true,
  hooks: { expand: SHOPPING_LIST_EXPANSION },
});
