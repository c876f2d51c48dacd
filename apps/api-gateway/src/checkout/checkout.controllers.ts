import {
  CartResource,
  OrderEditResource,
  OrderResource,
  PaymentMethodResource,
  PaymentResource,
  RecurrencePolicyResource,
  RecurringOrderResource,
  ShippingMethodResource,
  Subjects,
  ShoppingListResource,
  ZoneResource,
  type RequestContext,
} from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import { parseQueryParams } from '@commerce/query';
import type { Expander } from '../resources/expander.service.js';
import type { RawQuery } from '../resources/resource-client.js';
import { resourceController } from '../resources/resource-controller.js';
import { SHOPPING_LIST_EXPANSION } from './shopping-list-expansion.js';

/**
 * The legacy `GET /carts?customerId={id}` (and in a Store): the customer's active cart itself, as
 * `carts/customer-id={id}` answers it, whatever `where` says (the older SDKs' cart test reads it so).
 */
function legacyCartByCustomer(
  ctx: RequestContext,
  query: RawQuery,
  { rpc, expander }: { rpc: RpcClient; expander: Expander },
): Promise<unknown> | undefined {
  const customerId = query.customerId;
  if (typeof customerId !== 'string') return undefined;
  return (async () => {
    const { expand } = parseQueryParams({ expand: query.expand });
    const cart = await rpc.send(Subjects.checkout.cartByCustomer, { ctx, customerId });
    return expand.length === 0 ? cart : (await expander.expand(ctx, [cart], expand))[0];
  })();
}

export const ZonesController = resourceController(ZoneResource);
export const ShippingMethodsController = resourceController(ShippingMethodResource);
export const CartsController = resourceController(CartResource, { hooks: { query: legacyCartByCustomer } });
export const InStoreCartsController = resourceController(CartResource, {
  inStore: true,
  hooks: { query: legacyCartByCustomer },
});
export const PaymentsController = resourceController(PaymentResource);
export const OrderEditsController = resourceController(OrderEditResource);
export const OrdersController = resourceController(OrderResource);
export const InStoreOrdersController = resourceController(OrderResource, { inStore: true });
export const RecurrencePoliciesController = resourceController(RecurrencePolicyResource);
export const RecurringOrdersController = resourceController(RecurringOrderResource);
export const PaymentMethodsController = resourceController(PaymentMethodResource);
export const ShoppingListsController = resourceController(ShoppingListResource, {
  hooks: { expand: SHOPPING_LIST_EXPANSION },
});
export const InStoreShoppingListsController = resourceController(ShoppingListResource, {
  inStore: true,
  hooks: { expand: SHOPPING_LIST_EXPANSION },
});
