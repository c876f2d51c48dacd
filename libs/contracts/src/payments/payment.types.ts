import type { BaseResource, CustomFields, LocalizedString, Reference } from '../common/types.js';
import type { CentPrecisionMoney } from '../products/price.types.js';

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

export interface PaymentMethodToken {
  value: string;
}

export interface PaymentMethodInfo {
  paymentInterface?: string;
  method?: string;
  name?: LocalizedString;
  token?: PaymentMethodToken;
  interfaceAccount?: string;
  custom?: CustomFields;
}

export interface PaymentStatus {
  interfaceCode?: string;
  interfaceText?: string;
  state?: Reference<'state'>;
}

export interface Transaction {
  id: string;
  timestamp?: string;
  type: TransactionType;
  amount: CentPrecisionMoney;
  interactionId?: string;
  state: TransactionState;
  custom?: CustomFields;
  interfaceId?: string;
}

export interface Payment extends BaseResource {
  key?: string;
  customer?: Reference<'customer'>;
  anonymousId?: string;
  interfaceId?: string;
  amountPlanned: CentPrecisionMoney;
  paymentMethodInfo: PaymentMethodInfo;
  paymentStatus: PaymentStatus;
  transactions: Transaction[];
  interfaceInteractions: CustomFields[];
  custom?: CustomFields;
}
