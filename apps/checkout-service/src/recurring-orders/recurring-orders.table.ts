import { RecurringOrderShape, type RecurringOrder } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const recurringOrdersTable = new DocumentTable<RecurringOrder>(
  '"checkout"."recurring_orders"',
  querySchemaOf(RecurringOrderShape),
);
