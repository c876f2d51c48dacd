import { api } from '../support/api.js';
import { categoryDraft, stateDraft, storeDraft, uniqueKey } from '../support/factories.js';

/** What the platform made of a draft, without what differs between any two creations (ids, keys, times). */
function created(body: Record<string, unknown>): Record<string, unknown> {
  const {
    id: _id,
    key: _key,
    slug: _slug,
    orderHint: _orderHint,
    email: _email,
    createdAt: _createdAt,
    lastModifiedAt: _lastModifiedAt,
    addresses,
    ...rest
  } = body;
  return { ...rest, addresses: (addresses as Array<Record<string, unknown>> | undefined)?.length };
}

/** Creates the draft with the fields null and the draft without them, and expects the same resource. */
async function sameAsAbsent(path: string, draft: () => Record<string, unknown>, nulls: Record<string, null>) {
  const withNulls = await api.post(path, { ...draft(), ...nulls });
  expect({ status: withNulls.status, body: withNulls.body }).toMatchObject({ status: 201 });
  const absent = Object.fromEntries(Object.entries(draft()).filter(([field]) => !(field in nulls)));
  const without = await api.post(path, absent);
  expect(without.status).toBe(201);
  const unwrap = (body: Record<string, unknown>) => (path === 'customers' ? body.customer : body) as never;
  expect(created(unwrap(withNulls.body))).toEqual(created(unwrap(without.body)));
}

const address = () => ({ key: uniqueKey('addr'), country: 'DE', city: 'Berlin' });

describe('an explicit null on an optional field means "not set"', () => {
  it('in a State draft (transitions: null)', async () => {
    await sameAsAbsent('states', () => stateDraft(), {
      transitions: null,
      name: null,
      description: null,
      roles: null,
      initial: null,
    });
  });

  it('in a Customer draft (defaultShippingAddress: null)', async () => {
    const draft = () => ({
      email: `${uniqueKey('null')}@example.com`,
      password: 'secret-password-1',
      addresses: [address()],
    });
    await sameAsAbsent('customers', draft, {
      defaultShippingAddress: null,
      defaultBillingAddress: null,
      shippingAddresses: null,
      firstName: null,
      customerGroup: null,
      stores: null,
      custom: null,
    });
  });

  it('in a Store draft', async () => {
    await sameAsAbsent('stores', () => storeDraft(), {
      name: null,
      languages: null,
      countries: null,
      distributionChannels: null,
      supplyChannels: null,
      productSelections: null,
      custom: null,
    });
  });

  it('in a Category draft', async () => {
    await sameAsAbsent('categories', () => categoryDraft(), {
      description: null,
      parent: null,
      orderHint: null,
      externalId: null,
      metaTitle: null,
      assets: null,
      custom: null,
    });
  });

  it("in a customer's update actions", async () => {
    const { body } = await api.post('customers', {
      email: `${uniqueKey('null')}@example.com`,
      password: 'secret-password-1',
      firstName: 'Ada',
      addresses: [address()],
      defaultShippingAddress: 0,
    });
    const customer = body.customer;
    const updated = await api.update(`customers/${customer.id}`, customer.version, [
      { action: 'setFirstName', firstName: null },
      { action: 'setDefaultShippingAddress', addressId: null, addressKey: null },
      { action: 'addAddress', address: { ...address(), streetName: null, custom: null } },
      { action: 'setCustomerNumber', customerNumber: null },
    ]);
    expect(updated.firstName).toBeUndefined();
    expect(updated.defaultShippingAddressId).toBeUndefined();
    expect(updated.addresses).toHaveLength(2);
    expect(updated.addresses[1].streetName).toBeUndefined();
    expect(updated.customerNumber).toBeUndefined();
  });

  it('in a Store update action', async () => {
    const store = await api.create('stores', storeDraft({ name: { en: 'S' }, languages: ['en'] }));
    const updated = await api.update(`stores/${store.id}`, store.version, [
      { action: 'setName', name: null },
      { action: 'setLanguages', languages: null },
      { action: 'setCustomType', type: null, fields: null },
    ]);
    expect(updated).not.toHaveProperty('name');
    expect(updated.languages).toEqual([]);
  });

  it('still refuses a null on a required field', async () => {
    const response = await api.post('states', { key: uniqueKey('state'), type: null });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidJsonInput');
  });
});
