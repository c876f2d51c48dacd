import type { Customer, RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { ActionContext, ActionTable, ReferenceResolver } from '@commerce/resources';
import type { CustomerTokensRepository } from '../customer-tokens.repository.js';
import type { CustomersRepository } from '../customers.repository.js';
import type { StoreMembership } from '../store-membership.js';
import { addressRoles, findAddress } from './customer-address-actions.js';
import { customFieldMessages, customTypeMessages } from './customer-custom-actions.js';
import { MY_CUSTOMER_ACTIONS, customerActions, myCustomerActions } from './customer-update-actions.js';

const ctx: RequestContext = { projectKey: 'demo', correlationId: 'c', actor: { clientId: 'c1' } };
const context: ActionContext = { ctx, db: {} as Queryable };

/** Only Stores and customer groups named `missing` do not exist. */
const resolver = {
  require: (_ctx: RequestContext, typeId: string, ids: Array<{ id?: string; key?: string }>) => {
    if (ids.some((id) => (id.id ?? id.key) === 'missing'))
      return Promise.reject(new Error(`${typeId} missing`));
    return Promise.resolve(ids.map((id) => ({ id: id.id ?? `id-of-${id.key}`, key: id.key })));
  },
} as unknown as ReferenceResolver;
const stores = {
  storeKeys: (_ctx: RequestContext, ids: Array<{ key?: string }>) =>
    Promise.resolve(ids.map((id) => id.key!)),
};

const actions: ActionTable<Customer> = customerActions({
  resolver,
  stores: stores as unknown as StoreMembership,
  customers: {} as CustomersRepository,
  tokens: {} as CustomerTokensRepository,
});

function customer(fields: Partial<Customer> = {}): Customer {
  return {
    id: 'c',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastModifiedAt: '2026-01-01T00:00:00.000Z',
    email: 'ann@example.com',
    addresses: [
      { id: 'a1', key: 'home', country: 'DE' },
      { id: 'a2', key: 'work', country: 'FR' },
    ],
    shippingAddressIds: [],
    billingAddressIds: [],
    isEmailVerified: true,
    customerGroupAssignments: [],
    stores: [],
    authenticationMode: 'Password',
    ...fields,
  };
}

async function run(resource: Customer, action: string, fields: object = {}) {
  return actions[action].apply(resource, { action, ...fields }, context);
}

describe('customer address actions', () => {
  it('names an address by exactly one of id and key', () => {
    expect(findAddress(customer(), { addressKey: 'work' }).id).toBe('a2');
    expect(() => findAddress(customer(), {})).toThrow('Exactly one');
    expect(() => findAddress(customer(), { addressId: 'a1', addressKey: 'home' })).toThrow('Exactly one');
    expect(() => findAddress(customer(), { addressId: 'nope' })).toThrow("ID 'nope'");
  });

  it('puts a default address into its role list and keeps it there once', async () => {
    const { resource } = await run(customer(), 'setDefaultShippingAddress', { addressKey: 'home' });
    expect(resource).toMatchObject({ defaultShippingAddressId: 'a1', shippingAddressIds: ['a1'] });
    const again = await run(resource, 'addShippingAddressId', { addressId: 'a1' });
    expect(again.resource.shippingAddressIds).toEqual(['a1']);
  });

  it('unsets the default when its role is removed, and with no address', async () => {
    const start = customer({ defaultBillingAddressId: 'a2', billingAddressIds: ['a1', 'a2'] });
    const { resource, messages } = await run(start, 'removeBillingAddressId', { addressId: 'a2' });
    expect(resource.billingAddressIds).toEqual(['a1']);
    expect(resource).not.toHaveProperty('defaultBillingAddressId');
    expect(messages).toEqual([{ type: 'CustomerBillingAddressRemoved', address: start.addresses[1] }]);
    const unset = await run(
      customer({ defaultShippingAddressId: 'a1', shippingAddressIds: ['a1'] }),
      'setDefaultShippingAddress',
    );
    expect(unset.resource).not.toHaveProperty('defaultShippingAddressId');
    expect(unset.resource.shippingAddressIds).toEqual(['a1']);
  });

  it('refuses to remove a role the address does not have', async () => {
    await expect(run(customer(), 'removeShippingAddressId', { addressId: 'a1' })).rejects.toThrow(
      'not a shipping',
    );
  });

  it('removes an address from every list and default, naming its roles', async () => {
    const start = customer({
      defaultShippingAddressId: 'a1',
      shippingAddressIds: ['a1'],
      billingAddressIds: ['a1', 'a2'],
    });
    expect(addressRoles(start, 'a1')).toEqual(['Shipping', 'Billing']);
    const { resource, messages } = await run(start, 'removeAddress', { addressKey: 'home' });
    expect(resource).toMatchObject({ shippingAddressIds: [], billingAddressIds: ['a2'] });
    expect(resource).not.toHaveProperty('defaultShippingAddressId');
    expect(resource.addresses.map((a) => a.id)).toEqual(['a2']);
    expect(messages).toEqual([
      { type: 'CustomerAddressRemoved', address: start.addresses[0], addressRoles: ['Shipping', 'Billing'] },
    ]);
  });

  it('adds an address with a new id and refuses a key in use', async () => {
    const { resource } = await run(customer(), 'addAddress', { address: { country: 'IT', key: 'holiday' } });
    expect(resource.addresses[2]).toMatchObject({ country: 'IT', key: 'holiday', id: expect.any(String) });
    await expect(run(customer(), 'addAddress', { address: { country: 'IT', key: 'home' } })).rejects.toThrow(
      'duplicate',
    );
    const changed = await run(customer(), 'changeAddress', {
      addressId: 'a1',
      address: { country: 'AT', key: 'home' },
    });
    expect(changed.resource.addresses[0]).toEqual({ id: 'a1', key: 'home', country: 'AT' });
  });
});

describe('customer field actions', () => {
  it('sets and unsets text fields with their Messages', async () => {
    const set = await run(customer(), 'setFirstName', { firstName: 'Ann' });
    expect(set).toMatchObject({
      resource: { firstName: 'Ann' },
      messages: [{ type: 'CustomerFirstNameSet', firstName: 'Ann' }],
    });
    const unset = await run(set.resource, 'setFirstName');
    expect(unset.resource).not.toHaveProperty('firstName');
    expect(unset.messages).toEqual([{ type: 'CustomerFirstNameSet' }]);
    expect((await run(customer(), 'setVatId', { vatId: 'X' })).messages).toEqual([]);
  });

  it('sets the customer number once', async () => {
    const { resource } = await run(customer(), 'setCustomerNumber', { customerNumber: 'n-1' });
    expect(resource.customerNumber).toBe('n-1');
    await expect(run(resource, 'setCustomerNumber', { customerNumber: 'n-2' })).rejects.toThrow(
      'already been set',
    );
    await expect(run(resource, 'setCustomerNumber')).rejects.toThrow('already been set');
    expect((await run(resource, 'setCustomerNumber', { customerNumber: 'n-1' })).resource).toEqual(resource);
  });

  it('changes the e-mail and un-verifies it, checking uniqueness in the write', async () => {
    const outcome = await run(customer(), 'changeEmail', { email: 'new@example.com' });
    expect(outcome.resource).toMatchObject({ email: 'new@example.com', isEmailVerified: false });
    expect(outcome.messages).toEqual([
      { type: 'CustomerEmailChanged', email: 'new@example.com', oldEmail: 'ann@example.com' },
    ]);
    expect(outcome.write).toEqual(expect.any(Function));
  });

  it('requires a password to switch to Password', async () => {
    const external = customer({ authenticationMode: 'ExternalAuth' });
    await expect(run(external, 'setAuthenticationMode', { authMode: 'Password' })).rejects.toThrow(
      'password is required',
    );
    expect((await run(external, 'setAuthenticationMode', { authMode: 'ExternalAuth' })).resource).toBe(
      external,
    );
  });
});

describe('customer groups and Stores', () => {
  it('assigns a group once and removes only assigned ones', async () => {
    const group = { customerGroup: { typeId: 'customer-group', id: 'g1' } };
    const { resource } = await run(customer(), 'addCustomerGroupAssignment', {
      customerGroupAssignment: group,
    });
    expect(resource.customerGroupAssignments).toEqual([group]);
    await expect(
      run(resource, 'addCustomerGroupAssignment', { customerGroupAssignment: group }),
    ).rejects.toThrow('already assigned');
    await expect(
      run(customer(), 'removeCustomerGroupAssignment', {
        customerGroup: { typeId: 'customer-group', id: 'g1' },
      }),
    ).rejects.toThrow('not assigned');
  });

  it('sets Stores with the old ones in the Message, leaving an unchanged list alone', async () => {
    const start = customer({ stores: [{ typeId: 'store', key: 'berlin' }] });
    const { resource, messages } = await run(start, 'addStore', { store: { key: 'paris' } });
    expect(resource.stores.map((store) => store.key)).toEqual(['berlin', 'paris']);
    expect(messages).toEqual([
      { type: 'CustomerStoresSet', stores: resource.stores, oldStores: start.stores },
    ]);
    expect((await run(start, 'setStores', { stores: [{ key: 'berlin' }] })).resource).toBe(start);
    expect((await run(start, 'removeStore', { store: { key: 'paris' } })).resource).toBe(start);
  });
});

describe('custom field Messages', () => {
  const type = (id: string, fields: Record<string, unknown> = {}) => ({
    type: { typeId: 'type' as const, id },
    fields,
  });

  it('names the previous type', () => {
    expect(customTypeMessages('Customer', undefined, type('t1'))).toEqual([
      { type: 'CustomerCustomTypeSet', customFields: type('t1') },
    ]);
    expect(customTypeMessages('Customer', type('t1'), type('t2'))[0]).toMatchObject({ previousTypeId: 't1' });
    expect(customTypeMessages('Customer', type('t1'), undefined)).toEqual([
      { type: 'CustomerCustomTypeRemoved', previousTypeId: 't1' },
    ]);
    expect(customTypeMessages('Customer', undefined, undefined)).toEqual([]);
  });

  it('tells added, changed and removed fields apart', () => {
    expect(customFieldMessages('Customer', 'a', type('t'), type('t', { a: 1 }))).toEqual([
      { type: 'CustomerCustomFieldAdded', name: 'a', value: 1 },
    ]);
    expect(customFieldMessages('Customer', 'a', type('t', { a: 1 }), type('t', { a: 2 }))).toEqual([
      { type: 'CustomerCustomFieldChanged', name: 'a', value: 2, previousValue: 1 },
    ]);
    expect(customFieldMessages('Customer', 'a', type('t', { a: 1 }), type('t'))).toEqual([
      { type: 'CustomerCustomFieldRemoved', name: 'a' },
    ]);
  });
});

describe(myCustomerActions.name, () => {
  it('offers a customer only the actions of MyCustomerUpdateAction', () => {
    const mine = myCustomerActions(actions);
    expect(Object.keys(mine).sort()).toEqual([...MY_CUSTOMER_ACTIONS].sort());
    for (const operatorOnly of [
      'setCustomerNumber',
      'setStores',
      'setCustomerGroup',
      'setKey',
      'setAuthenticationMode',
    ]) {
      expect(mine).not.toHaveProperty(operatorOnly);
    }
  });

  it('implements every CustomerUpdateAction of the SDK', () => {
    expect(Object.keys(actions).sort()).toEqual(
      [
        'addAddress',
        'addBillingAddressId',
        'addCustomerGroupAssignment',
        'addShippingAddressId',
        'addStore',
        'changeAddress',
        'changeEmail',
        'removeAddress',
        'removeBillingAddressId',
        'removeCustomerGroupAssignment',
        'removeShippingAddressId',
        'removeStore',
        'setAddressCustomField',
        'setAddressCustomType',
        'setAuthenticationMode',
        'setCompanyName',
        'setCustomField',
        'setCustomType',
        'setCustomerGroup',
        'setCustomerGroupAssignments',
        'setCustomerNumber',
        'setDateOfBirth',
        'setDefaultBillingAddress',
        'setDefaultShippingAddress',
        'setExternalId',
        'setFirstName',
        'setKey',
        'setLastName',
        'setLocale',
        'setMiddleName',
        'setSalutation',
        'setStores',
        'setTitle',
        'setVatId',
      ].sort(),
    );
  });
});
