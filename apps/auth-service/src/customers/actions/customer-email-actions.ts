import {
  CustomerChangeEmailAction,
  CustomerSetStoresAction,
  CustomerStoreAction,
  type Customer,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable, type TransactionWork } from '@commerce/resources';
import { emailConflicts, storeKeysOf } from '../customer.factory.js';
import type { CustomersRepository } from '../customers.repository.js';
import type { CustomerDeps } from './customer-deps.js';

/**
 * The e-mail uniqueness check of an update, inside its write transaction after the conditional UPDATE: it
 * reads the customer as now written (its final e-mail and Stores, whatever the order of the actions) and
 * serializes with sign-ups of the same e-mail.
 */
export function emailStaysUnique(
  customers: CustomersRepository,
  projectKey: string,
  id: string,
): TransactionWork {
  return async (tx) => {
    const written = await customers.table.findById(tx, projectKey, id);
    if (!written) return;
    await customers.lockEmail(tx, projectKey, written.email);
    const sameEmail = await customers.findByEmail(tx, projectKey, written.email);
    const stores = storeKeysOf(written);
    if (sameEmail.some((other) => other.id !== id && emailConflicts(other, stores))) {
      throw Errors.duplicateField('email', written.email);
    }
  };
}

/** `changeEmail` (which un-verifies the e-mail and drops pending verification tokens) and the customer's Stores, which decide where it may sign in. */
export function emailAndStoreActions({ customers, stores, tokens }: CustomerDeps): ActionTable<Customer> {
  const unique = (customer: Customer, projectKey: string) =>
    emailStaysUnique(customers, projectKey, customer.id);

  function storesSet(customer: Customer, keys: string[], projectKey: string) {
    const next = keys.map((key) => ({ typeId: 'store' as const, key }));
    return {
      resource: { ...customer, stores: next },
      messages: [{ type: 'CustomerStoresSet', stores: next, oldStores: customer.stores }],
      write: unique(customer, projectKey),
    };
  }

  return {
    changeEmail: action(CustomerChangeEmailAction, (customer: Customer, { email }, { ctx }) => {
      if (email === customer.email) return { resource: customer };
      return {
        resource: { ...customer, email, isEmailVerified: false },
        messages: [{ type: 'CustomerEmailChanged', email, oldEmail: customer.email }],
        write: async (tx, messages) => {
          await unique(customer, ctx.projectKey)(tx, messages);
          await tokens.deleteForCustomer(tx, ctx.projectKey, customer.id, 'email');
        },
      };
    }),

    setStores: action(CustomerSetStoresAction, async (customer: Customer, dto, { ctx }) => {
      const keys = await stores.storeKeys(ctx, dto.stores);
      if (keys.length === customer.stores.length && keys.every((key, i) => customer.stores[i].key === key)) {
        return { resource: customer };
      }
      return storesSet(customer, keys, ctx.projectKey);
    }),

    addStore: action(CustomerStoreAction, async (customer: Customer, { store }, { ctx }) => {
      const [key] = await stores.storeKeys(ctx, [store]);
      const current = storeKeysOf(customer);
      if (current.includes(key)) return { resource: customer };
      return storesSet(customer, [...current, key], ctx.projectKey);
    }),

    removeStore: action(CustomerStoreAction, async (customer: Customer, { store }, { ctx }) => {
      const [key] = await stores.storeKeys(ctx, [store]);
      const current = storeKeysOf(customer);
      if (!current.includes(key)) return { resource: customer };
      return storesSet(
        customer,
        current.filter((other) => other !== key),
        ctx.projectKey,
      );
    }),
  };
}
