import { PaymentMethodShape, type PaymentMethod } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const paymentMethodsTable = new DocumentTable<PaymentMethod>(
  '"checkout"."payment_methods"',
  querySchemaOf(PaymentMethodShape),
);
