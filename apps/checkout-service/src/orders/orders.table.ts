import { OrderShape, type Order } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** Orders have no key: the `key` column holds the order number, unique per project (`/order-number={n}`). */
export const ordersTable = new DocumentTable<Order>(
  '"checkout"."orders"',
  querySchemaOf(OrderShape),
  'orderNumber',
);
