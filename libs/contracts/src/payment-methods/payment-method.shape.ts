import {
  boolean,
  custom,
  enumOf,
  type Infer,
  key,
  localizedString,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';
import { BusinessUnitKeyReferenceShape } from '../recurring-orders/recurring-order.shape.js';

export const PAYMENT_METHOD_STATUSES = ['Active', 'Inactive'] as const;

/** A stored payment method of a customer (beta; SDK payment-method.ts). */
export const PaymentMethodShape = resource('PaymentMethod', {
  key: optional(key()),
  name: optional(localizedString()),
  customer: optional(reference('customer')),
  businessUnit: optional(BusinessUnitKeyReferenceShape),
  method: optional(string()),
  paymentInterface: optional(string()),
  interfaceAccount: optional(string()),
  token: optional(object('PaymentMethodToken', { value: string() })),
  paymentMethodStatus: enumOf('PaymentMethodStatus', PAYMENT_METHOD_STATUSES),
  default: boolean(),
  custom: optional(custom()),
});

export type PaymentMethod = Infer<typeof PaymentMethodShape>;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];
