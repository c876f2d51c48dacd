import type { AddressShape } from '../channels/channel.types.js';
import type { PagedQueryResponse, ResourceIdentifier } from '../common/types.js';
import type { Infer } from '../shapes/shape.js';
import type { CustomerShape } from './customer.shape.js';
import type { Cart } from '../carts/cart.types.js';

/** An address (`AddressShape`): only `country` is required. */
export type Address = Infer<typeof AddressShape>;

/**
 * A Customer (`CustomerShape`). The password is never part of it: its argon2id hash lives in a table of its own
 * and never leaves auth-service.
 */
export type Customer = Infer<typeof CustomerShape>;
export type AuthenticationMode = Customer['authenticationMode'];
export type CustomerGroupAssignment = Customer['customerGroupAssignments'][number];

export interface CustomerDraft {
  email: string;
  password?: string;
  key?: string;
  customerNumber?: string;
  externalId?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  title?: string;
  salutation?: string;
  dateOfBirth?: string;
  companyName?: string;
  vatId?: string;
  addresses?: Address[];
  defaultShippingAddress?: number;
  shippingAddresses?: number[];
  defaultBillingAddress?: number;
  billingAddresses?: number[];
  isEmailVerified?: boolean;
  locale?: string;
  stores?: ResourceIdentifier<'store'>[];
  authenticationMode?: AuthenticationMode;
}

export interface CustomerSignInResult {
  customer: Customer;
  /** The customer's active cart after sign-in (the anonymous cart merged or adopted; checkout facts 4.8). */
  cart?: Cart;
}

export type CustomerPagedQueryResponse = PagedQueryResponse<Customer>;

/** A password-reset or e-mail-verification token; `value` is shown only when it is created. */
export interface CustomerToken {
  id: string;
  customerId: string;
  value: string;
  expiresAt: string;
  invalidateOlderTokens: boolean;
  createdAt: string;
  lastModifiedAt?: string;
}

/** Spec: a password-reset token lives 1440 minutes unless told; both kinds at most 30 days (43200 minutes). */
export const CUSTOMER_TOKEN_TTL = { passwordDefault: 1440, min: 1, max: 43_200 } as const;
