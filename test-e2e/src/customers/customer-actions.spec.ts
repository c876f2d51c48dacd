import type { Customer, CustomerGroup, Type } from '@commercetools/platform-sdk';
import { createStore, customerDraft } from '../auth/auth-helpers.js';
import { messagesOf } from '../catalog/catalog-helpers.js';
import { customerGroupDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { failure, newCustomer, updateCustomer, type Api } from './customer-helpers.js';

let api: Api;

beforeAll(async () => {
  api = await sdk();
});

const newGroup = async (): Promise<CustomerGroup> =>
  (await api.customerGroups().post({ body: customerGroupDraft() }).execute()).body;
const newType = async (resourceTypeIds: string[]): Promise<Type> =>
  (
    await api
      .types()
      .post({ body: typeDraft(resourceTypeIds) as never })
      .execute()
  ).body;

describe('customer update actions through the official SDK', () => {
  it('sets names, company, VAT id, external id, key, date of birth and locale, with their Messages', async () => {
    const customer = await newCustomer(api);
    const key = uniqueKey('cust');
    const updated = await updateCustomer(
      api,
      customer,
      { action: 'setFirstName', firstName: 'Ada' },
      { action: 'setLastName', lastName: 'Lovelace' },
      { action: 'setMiddleName', middleName: 'King' },
      { action: 'setTitle', title: 'Countess' },
      { action: 'setSalutation', salutation: 'Dear' },
      { action: 'setCompanyName', companyName: 'Engines Ltd' },
      { action: 'setVatId', vatId: 'GB123' },
      { action: 'setExternalId', externalId: 'ext-1' },
      { action: 'setKey', key },
      { action: 'setDateOfBirth', dateOfBirth: '1815-12-10' },
      { action: 'setLocale', locale: 'en-GB' },
    );
    expect(updated).toMatchObject({
      version: 2,
      firstName: 'Ada',
      lastName: 'Lovelace',
      middleName: 'King',
      title: 'Countess',
      salutation: 'Dear',
      companyName: 'Engines Ltd',
      vatId: 'GB123',
      externalId: 'ext-1',
      key,
      dateOfBirth: '1815-12-10',
      locale: 'en-GB',
    });
    const unset = await updateCustomer(api, updated, { action: 'setMiddleName' }, { action: 'setKey' });
    expect(unset).not.toHaveProperty('middleName');
    expect(unset).not.toHaveProperty('key');
    const types = (await messagesOf(customer.id, 7)).map((message) => message.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'CustomerCreated',
        'CustomerFirstNameSet',
        'CustomerLastNameSet',
        'CustomerTitleSet',
        'CustomerCompanyNameSet',
        'CustomerExternalIdSet',
        'CustomerDateOfBirthSet',
      ]),
    );
  });

  it('sets the customer number once only', async () => {
    const customer = await newCustomer(api);
    const numbered = await updateCustomer(api, customer, {
      action: 'setCustomerNumber',
      customerNumber: uniqueKey('no'),
    });
    const again = await failure(
      updateCustomer(api, numbered, { action: 'setCustomerNumber', customerNumber: 'x' }),
    );
    expect(again).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
  });

  it('changes the e-mail (unverifying it) and refuses one another customer has, whatever its case', async () => {
    const other = await newCustomer(api);
    const customer = await newCustomer(api, { isEmailVerified: true });
    const email = `${uniqueKey('new')}@example.com`;
    const changed = await updateCustomer(api, customer, { action: 'changeEmail', email });
    expect(changed).toMatchObject({ email, isEmailVerified: false, version: 2 });
    const [message] = (await messagesOf(customer.id, 2)).filter((m) => m.type === 'CustomerEmailChanged');
    expect(message).toMatchObject({ email, oldEmail: customer.email });
    const duplicate = await failure(
      updateCustomer(api, changed, { action: 'changeEmail', email: other.email.toUpperCase() }),
    );
    expect(duplicate).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'email' } });
    const unchanged = await api.customers().withId({ ID: customer.id }).get().execute();
    expect(unchanged.body).toMatchObject({ email, version: 2 });
  });

  it('answers 409 with the current version to a stale update', async () => {
    const customer = await newCustomer(api);
    await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'B' });
    const stale = await failure(updateCustomer(api, customer, { action: 'setFirstName', firstName: 'C' }));
    expect(stale).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: 2 },
    });
  });

  it('validates every action before applying any', async () => {
    const customer = await newCustomer(api);
    const bad = await failure(
      updateCustomer(
        api,
        customer,
        { action: 'setFirstName', firstName: 'Applied?' },
        { action: 'setDateOfBirth', dateOfBirth: 'yesterday' },
        { action: 'noSuchAction' } as never,
      ),
    );
    expect(bad).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
    const read = await api.customers().withId({ ID: customer.id }).get().execute();
    expect(read.body).toMatchObject({ version: 1, firstName: 'Test' });
  });

  it('adds, changes and removes addresses by id and key, keeping defaults and role lists consistent', async () => {
    const customer = await newCustomer(api);
    const withAddresses = await updateCustomer(
      api,
      customer,
      { action: 'addAddress', address: { key: 'home', country: 'DE', city: 'Berlin' } },
      { action: 'addAddress', address: { key: 'work', country: 'FR', city: 'Paris' } },
      { action: 'setDefaultShippingAddress', addressKey: 'home' },
      { action: 'addBillingAddressId', addressKey: 'work' },
      { action: 'setDefaultBillingAddress', addressKey: 'home' },
    );
    const home = withAddresses.addresses.find((a) => a.key === 'home')!;
    const work = withAddresses.addresses.find((a) => a.key === 'work')!;
    expect(withAddresses).toMatchObject({
      defaultShippingAddressId: home.id,
      shippingAddressIds: [home.id],
      defaultBillingAddressId: home.id,
      billingAddressIds: [work.id, home.id],
    });
    const changed = await updateCustomer(api, withAddresses, {
      action: 'changeAddress',
      addressId: work.id,
      address: { key: 'work', country: 'FR', city: 'Lyon' },
    });
    expect(changed.addresses.find((a) => a.id === work.id)).toMatchObject({ city: 'Lyon', key: 'work' });
    const duplicateKey = await failure(
      updateCustomer(api, changed, { action: 'addAddress', address: { key: 'home', country: 'DE' } }),
    );
    expect(duplicateKey.statusCode).toBe(400);
    const unknown = await failure(
      updateCustomer(api, changed, { action: 'addShippingAddressId', addressId: 'no-such-address' }),
    );
    expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
    const removed = await updateCustomer(
      api,
      changed,
      { action: 'removeBillingAddressId', addressId: work.id },
      { action: 'removeAddress', addressKey: 'home' },
    );
    expect(removed.addresses.map((a) => a.id)).toEqual([work.id]);
    expect(removed.shippingAddressIds).toEqual([]);
    expect(removed.billingAddressIds).toEqual([]);
    expect(removed).not.toHaveProperty('defaultShippingAddressId');
    expect(removed).not.toHaveProperty('defaultBillingAddressId');
    const types = (await messagesOf(customer.id, 9)).map((message) => message.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'CustomerAddressAdded',
        'CustomerDefaultShippingAddressSet',
        'CustomerBillingAddressAdded',
        'CustomerAddressChanged',
        'CustomerBillingAddressRemoved',
        'CustomerAddressRemoved',
      ]),
    );
  });

  it('sets the customer group and group assignments, refusing a group that does not exist', async () => {
    const [gold, silver] = [await newGroup(), await newGroup()];
    const customer = await newCustomer(api);
    const grouped = await updateCustomer(
      api,
      customer,
      { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', key: gold.key! } },
      {
        action: 'addCustomerGroupAssignment',
        customerGroupAssignment: { customerGroup: { typeId: 'customer-group', id: gold.id } },
      },
      {
        action: 'addCustomerGroupAssignment',
        customerGroupAssignment: { customerGroup: { typeId: 'customer-group', id: silver.id } },
      },
      { action: 'removeCustomerGroupAssignment', customerGroup: { typeId: 'customer-group', id: gold.id } },
    );
    expect(grouped.customerGroup).toEqual({ typeId: 'customer-group', id: gold.id });
    expect(grouped.customerGroupAssignments).toEqual([
      { customerGroup: { typeId: 'customer-group', id: silver.id } },
    ]);
    const set = await updateCustomer(
      api,
      grouped,
      {
        action: 'setCustomerGroupAssignments',
        customerGroupAssignments: [{ customerGroup: { typeId: 'customer-group', id: gold.id } }],
      },
      { action: 'setCustomerGroup' },
    );
    expect(set.customerGroupAssignments).toEqual([
      { customerGroup: { typeId: 'customer-group', id: gold.id } },
    ]);
    expect(set).not.toHaveProperty('customerGroup');
    const missing = await failure(
      updateCustomer(api, set, {
        action: 'setCustomerGroup',
        customerGroup: { typeId: 'customer-group', key: uniqueKey('none') },
      }),
    );
    expect(missing).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
  });

  it('sets custom types and fields on the customer and on its addresses', async () => {
    const customerType = await newType(['customer']);
    const addressType = await newType(['address']);
    const customer = await newCustomer(api, { addresses: [{ country: 'DE' }] });
    const addressId = customer.addresses[0].id!;
    const custom = await updateCustomer(
      api,
      customer,
      { action: 'setCustomType', type: { typeId: 'type', key: customerType.key }, fields: { note: 'vip' } },
      { action: 'setCustomField', name: 'rank', value: 3 },
      { action: 'setAddressCustomType', addressId, type: { typeId: 'type', id: addressType.id } },
      { action: 'setAddressCustomField', addressId, name: 'note', value: 'ring twice' },
    );
    expect(custom.custom).toEqual({
      type: { typeId: 'type', id: customerType.id },
      fields: { note: 'vip', rank: 3 },
    });
    expect(custom.addresses[0].custom).toEqual({
      type: { typeId: 'type', id: addressType.id },
      fields: { note: 'ring twice' },
    });
    const wrongType = await failure(
      updateCustomer(api, custom, { action: 'setCustomType', type: { typeId: 'type', id: addressType.id } }),
    );
    expect(wrongType.statusCode).toBe(400);
    const wrongValue = await failure(
      updateCustomer(api, custom, { action: 'setCustomField', name: 'rank', value: 'x' }),
    );
    expect(wrongValue).toMatchObject({ statusCode: 400, error: { code: 'InvalidField' } });
    const types = (await messagesOf(customer.id, 5)).map((message) => message.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'CustomerCustomTypeSet',
        'CustomerCustomFieldAdded',
        'CustomerAddressCustomTypeSet',
        'CustomerAddressCustomFieldAdded',
      ]),
    );
  });

  it('sets, adds and removes Stores; e-mails stay unique per Store', async () => {
    const [berlin, paris] = [await createStore(), await createStore()];
    const email = `${uniqueKey('shared')}@example.com`;
    const inBerlin = (
      await api
        .inStoreKeyWithStoreKeyValue({ storeKey: berlin })
        .customers()
        .post({ body: customerDraft({ email }) })
        .execute()
    ).body.customer;
    const inParis = (
      await api
        .inStoreKeyWithStoreKeyValue({ storeKey: paris })
        .customers()
        .post({ body: customerDraft({ email }) })
        .execute()
    ).body.customer;
    const clash = await failure(
      updateCustomer(api, inParis, { action: 'addStore', store: { typeId: 'store', key: berlin } }),
    );
    expect(clash).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'email' } });
    const other = await createStore();
    const moved = await updateCustomer(
      api,
      inParis,
      { action: 'addStore', store: { typeId: 'store', key: other } },
      { action: 'removeStore', store: { typeId: 'store', key: paris } },
    );
    expect(moved.stores).toEqual([{ typeId: 'store', key: other }]);
    const set = await updateCustomer(api, moved, {
      action: 'setStores',
      stores: [{ typeId: 'store', key: paris }],
    });
    expect(set.stores).toEqual([{ typeId: 'store', key: paris }]);
    const missing = await failure(
      updateCustomer(api, set, { action: 'addStore', store: { typeId: 'store', key: uniqueKey('none') } }),
    );
    expect(missing).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    expect((await messagesOf(inParis.id, 3)).map((m) => m.type)).toContain('CustomerStoresSet');
    expect(inBerlin.stores).toEqual([{ typeId: 'store', key: berlin }]);
  });

  it('updates in a Store only the customers of that Store', async () => {
    const [storeA, storeB] = [await createStore(), await createStore()];
    const inA = (
      await api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeA })
        .customers()
        .post({ body: customerDraft() })
        .execute()
    ).body.customer;
    const throughB = await failure(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeB })
        .customers()
        .withId({ ID: inA.id })
        .post({ body: { version: inA.version, actions: [{ action: 'setFirstName', firstName: 'X' }] } })
        .execute(),
    );
    expect(throughB).toMatchObject({ statusCode: 404, error: { code: 'ResourceNotFound' } });
    await expect(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeB })
        .customers()
        .withId({ ID: inA.id })
        .get()
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    const throughA: Customer = (
      await api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeA })
        .customers()
        .withId({ ID: inA.id })
        .post({ body: { version: inA.version, actions: [{ action: 'setFirstName', firstName: 'Y' }] } })
        .execute()
    ).body;
    expect(throughA).toMatchObject({ firstName: 'Y', version: 2 });
  });

  it('switches the authentication mode, requiring a password for Password', async () => {
    const customer = await newCustomer(api);
    const external = await updateCustomer(api, customer, {
      action: 'setAuthenticationMode',
      authMode: 'ExternalAuth',
    });
    expect(external.authenticationMode).toBe('ExternalAuth');
    const noPassword = await failure(
      updateCustomer(api, external, { action: 'setAuthenticationMode', authMode: 'Password' }),
    );
    expect(noPassword.statusCode).toBe(400);
    const back = await updateCustomer(api, external, {
      action: 'setAuthenticationMode',
      authMode: 'Password',
      password: 'a new secret',
    });
    expect(back.authenticationMode).toBe('Password');
  });
});
