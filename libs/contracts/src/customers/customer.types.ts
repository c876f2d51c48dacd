import type { BaseResource, KeyReference, PagedQueryResponse, ResourceIdentifier } from '../common/types.js';

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
  customerGroupAssignments: [];
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
}

export type CustomerPagedQueryResponse = PagedQueryResponse<Customer>;
