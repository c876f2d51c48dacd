import type { Customer } from '@commerce/contracts';
import { checkDocumentedActions, type ActionTable } from '@commerce/resources';
import { addressActions } from './customer-address-actions.js';
import { basicActions } from './customer-basic-actions.js';
import { customActions } from './customer-custom-actions.js';
import type { CustomerDeps } from './customer-deps.js';
import { emailAndStoreActions } from './customer-email-actions.js';
import { groupActions } from './customer-group-actions.js';

/** Every update action of a Customer (the API's `CustomerUpdateAction` union). */
export function customerActions(deps: CustomerDeps): ActionTable<Customer> {
  return checkDocumentedActions('customer', {
    ...basicActions(deps.customers),
    ...addressActions(deps.resolver),
    ...customActions(deps.resolver),
    ...groupActions(deps.resolver),
    ...emailAndStoreActions(deps),
  });
}

/** The actions a customer may apply to itself on `/me` (`MyCustomerUpdateAction`). */
export const MY_CUSTOMER_ACTIONS = [
  'addAddress',
  'addBillingAddressId',
  'addShippingAddressId',
  'changeAddress',
  'changeEmail',
  'removeAddress',
  'removeBillingAddressId',
  'removeShippingAddressId',
  'setCompanyName',
  'setCustomField',
  'setCustomType',
  'setDateOfBirth',
  'setDefaultBillingAddress',
  'setDefaultShippingAddress',
  'setFirstName',
  'setLastName',
  'setLocale',
  'setMiddleName',
  'setSalutation',
  'setTitle',
  'setVatId',
] as const;

export function myCustomerActions(all: ActionTable<Customer>): ActionTable<Customer> {
  return Object.fromEntries(MY_CUSTOMER_ACTIONS.map((name) => [name, all[name]]));
}
