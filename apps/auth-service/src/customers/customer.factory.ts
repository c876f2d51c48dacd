import {
  clientLogging,
  type Address,
  type Customer,
  type CustomerDraftDto,
  type KeyReference,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { randomUUID } from 'node:crypto';

const OPTIONAL_TEXT = [
  'key',
  'customerNumber',
  'externalId',
  'firstName',
  'lastName',
  'middleName',
  'title',
  'salutation',
  'dateOfBirth',
  'companyName',
  'vatId',
  'locale',
] as const;

function addressIdAt(addresses: Address[], index: number, field: string): string {
  const address = addresses[index];
  if (!address) throw Errors.invalidInput(`${field}: there is no address at index ${index}.`);
  return address.id!;
}

/** The parts of a draft that name other resources, already resolved and checked. */
export type ResolvedDraft = Partial<
  Pick<Customer, 'addresses' | 'customerGroup' | 'customerGroupAssignments' | 'custom'>
>;

/**
 * A new Customer from a validated draft; `stores` are the already checked Store keys, `resolved` the
 * checked addresses (with custom fields), customer groups and custom fields.
 */
export function newCustomer(
  ctx: RequestContext,
  draft: CustomerDraftDto,
  stores: string[],
  resolved: ResolvedDraft = {},
  now = new Date(),
): Customer {
  const addresses: Address[] =
    resolved.addresses ??
    (draft.addresses ?? []).map(({ custom: _unresolved, ...address }) => ({ ...address, id: randomUUID() }));
  const logging = clientLogging(ctx.actor);
  const customer: Customer = {
    id: randomUUID(),
    version: 1,
    createdAt: now.toISOString(),
    lastModifiedAt: now.toISOString(),
    createdBy: logging,
    lastModifiedBy: logging,
    email: draft.email,
    addresses,
    shippingAddressIds: (draft.shippingAddresses ?? []).map((i) =>
      addressIdAt(addresses, i, 'shippingAddresses'),
    ),
    billingAddressIds: (draft.billingAddresses ?? []).map((i) =>
      addressIdAt(addresses, i, 'billingAddresses'),
    ),
    isEmailVerified: draft.isEmailVerified ?? false,
    customerGroupAssignments: resolved.customerGroupAssignments ?? [],
    ...(resolved.customerGroup ? { customerGroup: resolved.customerGroup } : {}),
    ...(resolved.custom ? { custom: resolved.custom } : {}),
    stores: stores.map((key): KeyReference<'store'> => ({ typeId: 'store', key })),
    authenticationMode: draft.authenticationMode ?? 'Password',
  };
  for (const field of OPTIONAL_TEXT) {
    if (draft[field] !== undefined) customer[field] = draft[field];
  }
  if (draft.defaultShippingAddress !== undefined) {
    customer.defaultShippingAddressId = addressIdAt(
      addresses,
      draft.defaultShippingAddress,
      'defaultShippingAddress',
    );
    if (!customer.shippingAddressIds.includes(customer.defaultShippingAddressId))
      customer.shippingAddressIds.push(customer.defaultShippingAddressId);
  }
  if (draft.defaultBillingAddress !== undefined) {
    customer.defaultBillingAddressId = addressIdAt(
      addresses,
      draft.defaultBillingAddress,
      'defaultBillingAddress',
    );
    if (!customer.billingAddressIds.includes(customer.defaultBillingAddressId))
      customer.billingAddressIds.push(customer.defaultBillingAddressId);
  }
  return customer;
}

export const storeKeysOf = (customer: Customer): string[] => customer.stores.map((store) => store.key);

/** Whether a customer is seen on a route: in-store routes see only the customers of their Store. */
export function isInStore(customer: Customer, storeKey: string | undefined): boolean {
  return storeKey === undefined || storeKeysOf(customer).includes(storeKey);
}

/**
 * Whether an existing customer's e-mail conflicts with a new one in `stores`: e-mails are unique per project
 * among global customers and per Store among store customers, and a global customer's e-mail is taken in
 * every Store.
 */
export function emailConflicts(existing: Customer, stores: string[]): boolean {
  const existingStores = storeKeysOf(existing);
  if (existingStores.length === 0 || stores.length === 0) return true;
  return existingStores.some((key) => stores.includes(key));
}
