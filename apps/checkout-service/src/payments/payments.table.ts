import { PaymentShape, type Payment } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const paymentsTable = new DocumentTable<Payment>('"checkout"."payments"', querySchemaOf(PaymentShape));
