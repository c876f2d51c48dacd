import {
  CustomerSetAuthenticationModeAction,
  CustomerSetCustomerNumberAction,
  CustomerSetDateOfBirthAction,
  CustomerSetKeyAction,
  CustomerSetLocaleAction,
  textFieldAction,
  type Customer,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionHandler, type ActionTable } from '@commerce/resources';
import { hashPassword } from '../passwords.js';
import { withField } from './customer-deps.js';
import type { CustomersRepository } from '../customers.repository.js';

type TextField =
  'firstName' | 'lastName' | 'middleName' | 'title' | 'salutation' | 'companyName' | 'vatId' | 'externalId';

/** A set-action of an optional text field, with the Message the API sends for it (if any). */
function setText(field: TextField, messageType?: string): ActionHandler<Customer> {
  return action(textFieldAction(field), (customer: Customer, dto) => {
    const value = dto[field];
    return {
      resource: withField(customer, field, value),
      messages: messageType
        ? [{ type: messageType, ...(value === undefined ? {} : { [field]: value }) }]
        : [],
    };
  });
}

/**
 * Names, company, VAT id, external id, key, customer number (set once), date of birth, locale and the
 * authentication mode (a password is required to switch to `Password` and dropped with `ExternalAuth`).
 */
export function basicActions(customers: CustomersRepository): ActionTable<Customer> {
  return {
    setFirstName: setText('firstName', 'CustomerFirstNameSet'),
    setLastName: setText('lastName', 'CustomerLastNameSet'),
    setMiddleName: setText('middleName'),
    setTitle: setText('title', 'CustomerTitleSet'),
    setSalutation: setText('salutation'),
    setCompanyName: setText('companyName', 'CustomerCompanyNameSet'),
    setVatId: setText('vatId'),
    setExternalId: setText('externalId', 'CustomerExternalIdSet'),

    setKey: action(CustomerSetKeyAction, (customer: Customer, { key }) => ({
      resource: withField(customer, 'key', key),
    })),

    setCustomerNumber: action(CustomerSetCustomerNumberAction, (customer: Customer, { customerNumber }) => {
      if (customer.customerNumber !== undefined && customerNumber !== customer.customerNumber) {
        throw Errors.invalidOperation('The customer number has already been set; it cannot be changed.');
      }
      return { resource: withField(customer, 'customerNumber', customerNumber ?? customer.customerNumber) };
    }),

    setDateOfBirth: action(CustomerSetDateOfBirthAction, (customer: Customer, { dateOfBirth }) => ({
      resource: withField(customer, 'dateOfBirth', dateOfBirth),
      messages: [{ type: 'CustomerDateOfBirthSet', ...(dateOfBirth ? { dateOfBirth } : {}) }],
    })),

    setLocale: action(CustomerSetLocaleAction, (customer: Customer, { locale }) => ({
      resource: withField(customer, 'locale', locale),
    })),

    setAuthenticationMode: action(
      CustomerSetAuthenticationModeAction,
      async (customer: Customer, { authMode, password }, { ctx }) => {
        if (authMode === customer.authenticationMode) return { resource: customer };
        const resource = { ...customer, authenticationMode: authMode };
        if (authMode === 'ExternalAuth') {
          return {
            resource,
            write: (tx) => customers.setPasswordHash(tx, ctx.projectKey, customer.id, undefined),
          };
        }
        if (password === undefined) {
          throw Errors.invalidInput('A password is required to set the authentication mode to Password.');
        }
        const hash = await hashPassword(password);
        return { resource, write: (tx) => customers.setPasswordHash(tx, ctx.projectKey, customer.id, hash) };
      },
    ),
  };
}
