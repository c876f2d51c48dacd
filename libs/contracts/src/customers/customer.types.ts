import type {
  BaseResource,
  CustomFields,
  KeyReference,
  PagedQueryResponse,
  Reference,
  ResourceIdentifier,
} from '../common/types.js';
import type { Cart } from '../carts/cart.types.js';

export type AuthenticationMode = 'Password' | 'ExternalAuth';

export interface Address {
  id?: string;
  key?: string;
  country: string;
  title?: string;
  salutation?: string;
  firstName?: string;
  lastName?: string;
  streetName?: string;
  streetNumber?: string;
  additionalStreetInfo?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  state?: string;
  company?: string;
  department?: string;
  building?: string;
  apartment?: string;
  pOBox?: string;
  phone?: string;
  mobile?: string;
  email?: string;
  fax?: string;
  additionalAddressInfo?: string;
  externalId?: string;
  custom?: CustomFields;
}

export interface CustomerGroupAssignment {
  customerGroup: Reference<'customer-group'>;
}

/**
 * A Customer (reference facts 4.7). The password is never part of it: its argon2id hash lives in a table of
 * its own and never leaves auth-service.
 */
export interface Customer extends BaseResource {
  key?: string;
  customerNumber?: string;
  externalId?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  title?: string;
  salutation?: string;
  dateOfBirth?: string;
  companyName?: string;
  vatId?: string;
  addresses: Address[];
  defaultShippingAddressId?: string;
  shippingAddressIds: string[];
  defaultBillingAddressId?: string;
  billingAddressIds: string[];
  isEmailVerified: boolean;
  customerGroup?: Reference<'customer-group'>;
  customerGroupAssignments: CustomerGroupAssignment[];
  custom?: CustomFields;
  locale?: string;
  stores: KeyReference<'store'>[];
  authenticationMode: AuthenticationMode;
}

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
