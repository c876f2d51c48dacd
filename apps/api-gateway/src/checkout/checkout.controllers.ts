import { OrderResource, PaymentResource, ZoneResource } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ZonesController = resourceController(ZoneResource);
export const PaymentsController = resourceController(PaymentResource);
export const OrdersController = resourceController(OrderResource);
export const InStoreOrdersController = resourceController(OrderResource, { inStore: true });
