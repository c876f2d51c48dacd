import type { Payment } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { paymentQuerySchema } from './payment.schema.js';

export const paymentsTable = new DocumentTable<Payment>('"checkout"."payments"', paymentQuerySchema);
