import { OrderImportDraftDto, type FullActionsOf, type Order, type OrderResource } from '@commerce/contracts';
import {
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { orderAddressActions } from './order-address-actions.js';
import { orderDeliveryActions } from './order-delivery-actions.js';
import { importedOrder } from './order-import.js';
import { orderOtherActions } from './order-other-actions.js';
import { orderReturnActions } from './order-return-actions.js';
import { orderStateActions } from './order-state-actions.js';
import { ordersTable } from './orders.table.js';

export const ORDER_ENGINE = Symbol('ORDER_ENGINE');

/** One handler for each of the Order's 61 actions (its descriptor's table and the custom pair). */
export function orderActions(
  resolver: ReferenceResolver,
): DeclaredActionTable<Order, FullActionsOf<typeof OrderResource>> {
  return {
    ...orderStateActions(resolver),
    ...orderDeliveryActions(resolver),
    ...orderReturnActions(resolver),
    ...orderAddressActions(resolver),
    ...orderOtherActions(resolver),
  };
}

/**
 * Orders: the engine creates them from an `OrderImportDraft` (`POST /orders/import`, message OrderImported);
 * an order from a cart is written by `OrderCreation` (orders/order-creation.ts) in its own transaction.
 */
export function defineOrder(resolver: ReferenceResolver): ResourceDefinition<Order, OrderImportDraftDto> {
  return {
    typeId: 'order',
    table: ordersTable,
    draft: OrderImportDraftDto,
    actions: orderActions(resolver),
    build: (draft, { ctx }) => importedOrder(resolver, ctx, draft),
    createdMessage: (order) => ({ type: 'OrderImported', order }),
    deletedMessage: (order) => ({ type: 'OrderDeleted', order }),
    identifiers: (order) => (order.orderNumber ? { orderNumber: order.orderNumber } : {}),
  };
}
