import { api } from '../support/api.js';
import { customerGroupDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, type Client } from './graphql-helpers.js';

/**
 * The customer update actions GraphQL offers since its input types are generated from UPDATE_ACTIONS (the
 * hand-written schema had 18 of the 34): each one through `updateCustomer`, the result read back.
 */
const SIGN_UP = `mutation ($draft: CustomerSignUpDraft!) { customerSignUp(draft: $draft) {
  customer { id version addresses { id key } } } }`;
const UPDATE = (
  fields: string,
) => `mutation ($id: String!, $version: Long!, $actions: [CustomerUpdateAction!]!) {
  updateCustomer(id: $id, version: $version, actions: $actions) { id version ${fields} } }`;
const ADDRESS_FIELDS = `addresses { id key city } defaultShippingAddressId shippingAddressIds
  defaultBillingAddressId billingAddressIds authenticationMode`;

describe('GraphQL customer update actions derived from the REST actions', () => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });

  const signUp = async (addresses: object[]) =>
    (
      await data(client, SIGN_UP, {
        draft: { email: `${uniqueKey('gql-actions')}@example.com`, password: 'secret-1', addresses },
      })
    ).customerSignUp.customer;

  const update = async (customer: { id: string; version: number }, actions: object[], fields = 'version') =>
    (await data(client, UPDATE(fields), { id: customer.id, version: customer.version, actions }))
      .updateCustomer;

  it('sets address roles and defaults, changes an address and the authentication mode', async () => {
    const customer = await signUp([
      { key: 'home', country: 'DE', city: 'Berlin' },
      { key: 'work', country: 'FR', city: 'Paris' },
    ]);
    const [home, work] = customer.addresses;
    const updated = await update(
      customer,
      [
        { setDefaultShippingAddress: { addressKey: 'home' } },
        { addShippingAddressId: { addressKey: 'work' } },
        { removeShippingAddressId: { addressId: work.id } },
        { addBillingAddressId: { addressId: work.id } },
        { setDefaultBillingAddress: { addressKey: 'work' } },
        { changeAddress: { addressKey: 'work', address: { key: 'work', country: 'FR', city: 'Lyon' } } },
        { setAuthenticationMode: { authMode: 'ExternalAuth' } },
      ],
      ADDRESS_FIELDS,
    );
    expect(updated).toMatchObject({
      addresses: [
        { id: home.id, key: 'home', city: 'Berlin' },
        { id: work.id, key: 'work', city: 'Lyon' },
      ],
      defaultShippingAddressId: home.id,
      shippingAddressIds: [home.id],
      defaultBillingAddressId: work.id,
      billingAddressIds: [work.id],
      authenticationMode: 'ExternalAuth',
    });
    const again = await update(
      updated,
      [
        { removeBillingAddressId: { addressKey: 'work' } },
        { setDefaultShippingAddress: {} },
        { setAuthenticationMode: { authMode: 'Password', password: 'secret-2' } },
      ],
      ADDRESS_FIELDS,
    );
    expect(again).toMatchObject({
      defaultShippingAddressId: null,
      billingAddressIds: [],
      authenticationMode: 'Password',
    });
  });

  it('sets custom types and fields on the customer and its address, the customer group and assignments', async () => {
    const customerType = await api.create('types', typeDraft(['customer']));
    const addressType = await api.create('types', typeDraft(['address']));
    const gold = await api.create('customer-groups', customerGroupDraft());
    const silver = await api.create('customer-groups', customerGroupDraft());
    const customer = await signUp([{ country: 'DE' }]);
    const addressId = customer.addresses[0].id;
    const group = (id: string) => ({ customerGroup: { typeId: 'customer-group', id } });
    const updated = await update(customer, [
      {
        setCustomType: {
          typeKey: customerType.key,
          fields: [{ name: 'note', value: JSON.stringify('vip') }],
        },
      },
      { setCustomField: { name: 'rank', value: '3' } },
      { setAddressCustomType: { addressId, type: { typeId: 'type', id: addressType.id } } },
      { setAddressCustomField: { addressId, name: 'note', value: JSON.stringify('ring twice') } },
      { setCustomerGroup: { customerGroup: { key: gold.key } } },
      { addCustomerGroupAssignment: { customerGroupAssignment: { customerGroup: { id: gold.id } } } },
      { addCustomerGroupAssignment: { customerGroupAssignment: { customerGroup: { id: silver.id } } } },
      { removeCustomerGroupAssignment: { customerGroup: { id: gold.id } } },
    ]);
    const read = (await api.get(`customers/${customer.id}`)).body;
    expect(read).toMatchObject({
      version: updated.version,
      custom: { type: { typeId: 'type', id: customerType.id }, fields: { note: 'vip', rank: 3 } },
      addresses: [
        {
          id: addressId,
          custom: { type: { typeId: 'type', id: addressType.id }, fields: { note: 'ring twice' } },
        },
      ],
      customerGroup: { typeId: 'customer-group', id: gold.id },
      customerGroupAssignments: [group(silver.id)],
    });
    await update(updated, [
      { setCustomerGroupAssignments: { customerGroupAssignments: [{ customerGroup: { id: gold.id } }] } },
      { setCustomerGroup: {} },
      { setCustomField: { name: 'rank' } },
    ]);
    const after = (await api.get(`customers/${customer.id}`)).body;
    expect(after.customerGroupAssignments).toEqual([group(gold.id)]);
    expect(after).not.toHaveProperty('customerGroup');
    expect(after.custom.fields).toEqual({ note: 'vip' });
  });

  it('refuses a custom field value that is not JSON, naming the field', async () => {
    const customer = await signUp([]);
    const result = await graphql(client, UPDATE('version'), {
      id: customer.id,
      version: customer.version,
      actions: [{ setCustomField: { name: 'rank', value: 'three' } }],
    });
    expect(result.errors![0]).toMatchObject({
      path: ['updateCustomer'],
      extensions: { code: 'InvalidInput' },
    });
    expect(result.errors![0].message).toContain("'rank'");
  });
});
