import { Module } from '@nestjs/common';
import {
  CartsController,
  InStoreCartsController,
  InStoreOrdersController,
  OrderEditsController,
  OrdersController,
  PaymentsController,
  ShippingMethodsController,
  ShoppingListsController,
  InStoreShoppingListsController,
  ZonesController,
  RecurrencePoliciesController,
  RecurringOrdersController,
  PaymentMethodsController,
} from './checkout.controllers.js';
import {
  InStoreMyShoppingListsController,
  MyShoppingListsController,
} from './my-shopping-lists.controller.js';
import {
  CartByCustomerController,
  CartMergeController,
  InStoreCartMergeController,
  InStoreCartByCustomerController,
  InStoreMyCartsController,
  InStoreReplicateCartController,
  MyCartsController,
  ReplicateCartController,
} from './my-carts.controller.js';
import {
  InStoreMyOrdersController,
  MyOrdersController,
  MyPaymentsController,
  OrderEditApplyController,
  OrderImportController,
} from './my-checkout.controller.js';
import {
  MatchingCartShippingMethodsController,
  MatchingOrderEditShippingMethodsController,
  MatchingShippingMethodsController,
} from './shipping-methods.controller.js';
import {
  CartDiscountsController,
  DiscountCodesController,
  DiscountGroupsController,
  InStoreCartDiscountsController,
  InStoreDiscountCodesController,
} from './discounts.controllers.js';

/** The routes of checkout-service's resources, their `/me` and in-store variants. */
@Module({
  controllers: [
    ZonesController,
    CartDiscountsController,
    InStoreCartDiscountsController,
    DiscountGroupsController,
    DiscountCodesController,
    InStoreDiscountCodesController,
    MatchingShippingMethodsController,
    MatchingCartShippingMethodsController,
    MatchingOrderEditShippingMethodsController,
    CartMergeController,
    InStoreCartMergeController,
    ShippingMethodsController,
    CartByCustomerController,
    InStoreCartByCustomerController,
    CartsController,
    InStoreCartsController,
    ReplicateCartController,
    InStoreReplicateCartController,
    MyCartsController,
    InStoreMyCartsController,
    PaymentsController,
    OrderImportController,
    OrderEditApplyController,
    OrderEditsController,
    OrdersController,
    InStoreOrdersController,
    MyPaymentsController,
    MyOrdersController,
    InStoreMyOrdersController,
    RecurrencePoliciesController,
    RecurringOrdersController,
    PaymentMethodsController,
    ShoppingListsController,
    InStoreShoppingListsController,
    MyShoppingListsController,
    InStoreMyShoppingListsController,
  ],
})
export class CheckoutModule {}
