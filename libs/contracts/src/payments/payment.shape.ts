import { centPrecisionMoney } from '../common/money.shape.js';
import {
  array,
  datetime,
  custom,
  enumOf,
  key,
  localizedString,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';
import { TRANSACTION_STATES, TRANSACTION_TYPES } from './payment.types.js';

export const PaymentMethodInfoShape = object('PaymentMethodInfo', {
  paymentInterface: optional(string()),
  method: optional(string()),
  name: optional(localizedString()),
  token: optional(object('PaymentMethodToken', { value: string() })),
  interfaceAccount: optional(string()),
  custom: optional(custom()),
});

export const PaymentStatusShape = object('PaymentStatus', {
  interfaceCode: optional(string()),
  interfaceText: optional(string()),
  state: optional(reference('state')),
});

export const TransactionShape = object('Transaction', {
  id: string(),
  timestamp: optional(datetime()),
  type: enumOf('TransactionType', TRANSACTION_TYPES),
  amount: centPrecisionMoney(),
  interactionId: optional(string()),
  state: enumOf('TransactionState', TRANSACTION_STATES),
  custom: optional(custom()),
  interfaceId: optional(string()),
});

/** A Payment (checkout facts 8, SDK payment.d.ts). */
export const PaymentShape = resource('Payment', {
  key: optional(key()),
  customer: optional(reference('customer')),
  anonymousId: optional(string()),
  interfaceId: optional(string()),
  amountPlanned: centPrecisionMoney(),
  paymentMethodInfo: PaymentMethodInfoShape,
  paymentStatus: PaymentStatusShape,
  transactions: array(TransactionShape),
  interfaceInteractions: array(custom()),
  custom: optional(custom()),
});
