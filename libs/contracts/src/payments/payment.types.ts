import type { Infer } from '../shapes/shape.js';
import type {
  PaymentMethodInfoShape,
  PaymentShape,
  PaymentStatusShape,
  TransactionShape,
} from './payment.shape.js';

/** Checkout facts 8 (SDK payment.d.ts). */
export const TRANSACTION_TYPES = [
  'Authorization',
  'CancelAuthorization',
  'Charge',
  'Refund',
  'Chargeback',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATES = ['Initial', 'Pending', 'Success', 'Failure'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** The state a transaction starts in when its draft names none (facts 8: `[K]` Initial). */
export const DEFAULT_TRANSACTION_STATE: TransactionState = 'Initial';

/** The transaction types a customer may add to their own payment (`MyTransactionDraft`). */
export const MY_TRANSACTION_TYPES = ['Authorization', 'Charge'] as const;

export type PaymentMethodInfo = Infer<typeof PaymentMethodInfoShape>;
export type PaymentMethodToken = NonNullable<PaymentMethodInfo['token']>;
export type PaymentStatus = Infer<typeof PaymentStatusShape>;
export type Transaction = Infer<typeof TransactionShape>;
export type Payment = Infer<typeof PaymentShape>;
