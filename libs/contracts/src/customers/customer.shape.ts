import { AddressShape } from '../channels/channel.types.js';
import {
  array,
  boolean,
  custom,
  date,
  enumOf,
  key,
  keyReference,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

const optionalString = optional(string());

/**
 * A Customer (reference facts 4.7). The password is never part of it: its argon2id hash lives in a table of
 * its own and never leaves auth-service.
 */
export const CustomerShape = resource('Customer', {
  key: optional(key()),
  customerNumber: optionalString,
  externalId: optionalString,
  email: string(),
  firstName: optionalString,
  lastName: optionalString,
  middleName: optionalString,
  title: optionalString,
  salutation: optionalString,
  dateOfBirth: optional(date()),
  companyName: optionalString,
  vatId: optionalString,
  addresses: array(AddressShape),
  defaultShippingAddressId: optionalString,
  shippingAddressIds: array(string()),
  defaultBillingAddressId: optionalString,
  billingAddressIds: array(string()),
  isEmailVerified: boolean(),
  customerGroup: optional(reference('customer-group')),
  customerGroupAssignments: array(
    object('CustomerGroupAssignment', { customerGroup: reference('customer-group') }),
  ),
  custom: optional(custom()),
  locale: optional(string({ graphql: 'Locale' })),
  stores: array(keyReference('store')),
  authenticationMode: enumOf('AuthenticationMode', ['Password', 'ExternalAuth']),
});
