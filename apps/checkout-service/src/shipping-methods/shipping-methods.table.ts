import type { ShippingMethod } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { shippingMethodQuerySchema } from './shipping-method.schema.js';

export const shippingMethodsTable = new DocumentTable<ShippingMethod>(
  '"checkout"."shipping_methods"',
  shippingMethodQuerySchema,
);
