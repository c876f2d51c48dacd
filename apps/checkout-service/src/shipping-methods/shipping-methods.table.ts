import { ShippingMethodShape, type ShippingMethod } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const shippingMethodsTable = new DocumentTable<ShippingMethod>(
  '"checkout"."shipping_methods"',
  querySchemaOf(ShippingMethodShape),
);
