import { OrderEditShape, type OrderEdit } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const orderEditsTable = new DocumentTable<OrderEdit>(
  '"checkout"."order_edits"',
  querySchemaOf(OrderEditShape),
);
