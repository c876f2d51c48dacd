import type { Order } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { orderQuerySchema } from './order.schema.js';

/** Orders have no key: the `key` column holds the order number, unique per project (`/order-number={n}`). */
export const ordersTable = new DocumentTable<Order>('"checkout"."orders"', orderQuerySchema, 'orderNumber');
