import {
  CustomerAddAddressAction,
  CustomerAddressRefAction,
  CustomerChangeAddressAction,
  CustomerSetDefaultAddressAction,
  type Address,
  type AddressDraftDto,
  type Customer,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, resolveCustomFields, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { withField } from './customer-deps.js';

type Role = 'shipping' | 'billing';
const LIST = { shipping: 'shippingAddressIds', billing: 'billingAddressIds' } as const;
const DEFAULT = { shipping: 'defaultShippingAddressId', billing: 'defaultBillingAddressId' } as const;
const LABEL = { shipping: 'Shipping', billing: 'Billing' } as const;

/** The address an action names by `addressId` or `addressKey` (exactly one); unknown ones are refused. */
export function findAddress(customer: Customer, ref: CustomerAddressRefAction): Address {
  if ((ref.addressId === undefined) === (ref.addressKey === undefined)) {
    throw Errors.invalidInput('Exactly one of addressId and addressKey is required.');
  }
  const address = customer.addresses.find((candidate) =>
    ref.addressId !== undefined ? candidate.id === ref.addressId : candidate.key === ref.addressKey,
  );
  if (!address) {
    const which = ref.addressId !== undefined ? `ID '${ref.addressId}'` : `key '${ref.addressKey}'`;
    throw Errors.invalidInput(`The customer does not have an address with ${which}.`);
  }
  return address;
}

/** The roles an address plays (`Shipping`, `Billing`), for the address Messages. */
export function addressRoles(customer: Customer, id: string): string[] {
  return (['shipping', 'billing'] as const)
    .filter((role) => customer[LIST[role]].includes(id))
    .map((role) => LABEL[role]);
}

function checkAddressKey(customer: Customer, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && customer.addresses.some((a) => a.key === key && a.id !== exceptId)) {
    throw Errors.duplicateField('addresses.key', key);
  }
}

/** An address from its draft, its custom fields resolved against a Type for `address`. */
export async function addressFromDraft(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: AddressDraftDto,
  id: string,
): Promise<Address> {
  const { custom: customDraft, ...fields } = draft;
  const custom = await resolveCustomFields(resolver, ctx, 'address', customDraft);
  return { ...fields, id, ...(custom ? { custom } : {}) };
}

/** Removes an address id from a role's list, and from its default if it was the default. */
function withoutRole(customer: Customer, role: Role, id: string): Customer {
  const next = { ...customer, [LIST[role]]: customer[LIST[role]].filter((other) => other !== id) };
  return next[DEFAULT[role]] === id ? withField(next, DEFAULT[role], undefined) : next;
}

function addRoleAction(role: Role) {
  return action(CustomerAddressRefAction, (customer: Customer, ref) => {
    const address = findAddress(customer, ref);
    if (customer[LIST[role]].includes(address.id!)) return { resource: customer };
    return {
      resource: { ...customer, [LIST[role]]: [...customer[LIST[role]], address.id!] },
      messages: [{ type: `Customer${LABEL[role]}AddressAdded`, address }],
    };
  });
}

function removeRoleAction(role: Role) {
  return action(CustomerAddressRefAction, (customer: Customer, ref) => {
    const address = findAddress(customer, ref);
    if (!customer[LIST[role]].includes(address.id!)) {
      throw Errors.invalidInput(`The address '${address.id}' is not a ${role} address of the customer.`);
    }
    return {
      resource: withoutRole(customer, role, address.id!),
      messages: [{ type: `Customer${LABEL[role]}AddressRemoved`, address }],
    };
  });
}

function setDefaultAction(role: Role) {
  return action(CustomerSetDefaultAddressAction, (customer: Customer, ref) => {
    if (ref.addressId === undefined && ref.addressKey === undefined) {
      return {
        resource: withField(customer, DEFAULT[role], undefined),
        messages: [{ type: `CustomerDefault${LABEL[role]}AddressSet` }],
      };
    }
    const address = findAddress(customer, ref);
    const ids = customer[LIST[role]];
    return {
      resource: {
        ...customer,
        [DEFAULT[role]]: address.id,
        [LIST[role]]: ids.includes(address.id!) ? ids : [...ids, address.id!],
      },
      messages: [{ type: `CustomerDefault${LABEL[role]}AddressSet`, address }],
    };
  });
}

/**
 * Addresses and their roles. A default address is always also in its role's list; removing an address
 * removes it from every list and default; removing a role from an address also removes it as that default.
 */
export function addressActions(resolver: ReferenceResolver): ActionTable<Customer> {
  return {
    addAddress: action(CustomerAddAddressAction, async (customer: Customer, { address: draft }, { ctx }) => {
      checkAddressKey(customer, draft.key);
      const address = await addressFromDraft(resolver, ctx, draft, randomUUID());
      return {
        resource: { ...customer, addresses: [...customer.addresses, address] },
        messages: [{ type: 'CustomerAddressAdded', address }],
      };
    }),

    changeAddress: action(CustomerChangeAddressAction, async (customer: Customer, dto, { ctx }) => {
      const old = findAddress(customer, dto);
      checkAddressKey(customer, dto.address.key, old.id);
      const address = await addressFromDraft(resolver, ctx, dto.address, old.id!);
      return {
        resource: {
          ...customer,
          addresses: customer.addresses.map((candidate) => (candidate.id === old.id ? address : candidate)),
        },
        messages: [
          { type: 'CustomerAddressChanged', address, addressRoles: addressRoles(customer, old.id!) },
        ],
      };
    }),

    removeAddress: action(CustomerAddressRefAction, (customer: Customer, ref) => {
      const address = findAddress(customer, ref);
      const roles = addressRoles(customer, address.id!);
      const stripped = withoutRole(withoutRole(customer, 'shipping', address.id!), 'billing', address.id!);
      return {
        resource: { ...stripped, addresses: customer.addresses.filter((other) => other.id !== address.id) },
        messages: [{ type: 'CustomerAddressRemoved', address, addressRoles: roles }],
      };
    }),

    addShippingAddressId: addRoleAction('shipping'),
    removeShippingAddressId: removeRoleAction('shipping'),
    setDefaultShippingAddress: setDefaultAction('shipping'),
    addBillingAddressId: addRoleAction('billing'),
    removeBillingAddressId: removeRoleAction('billing'),
    setDefaultBillingAddress: setDefaultAction('billing'),
  };
}
