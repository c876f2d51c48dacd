import { createClient, createCustomer, createStore, passwordGrant } from '../auth/auth-helpers.js';
import { sdkWithToken } from '../customers/customer-helpers.js';
import { data, graphql, localized } from '../graphql/graphql-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { cartProduct } from './cart-fixtures.js';

const FIELDS = `id version key
  name(locale: "en") nameAllLocales { locale value }
  customerRef { id } storeRef { key } store { key }
  deleteDaysAfterLastModification
  lineItems { id productId variantId quantity published name(locale: "en") productTypeRef { id } }
  textLineItems { id name(locale: "en") quantity description(locale: "en") }`;

describe('Shopping lists on GraphQL (through the SDK graphql() builder)', () => {
  it('creates, reads, updates and deletes a list with the derived fields and inputs', async () => {
    const api = await sdk();
    const { product, skus } = await cartProduct();
    const customer = await createCustomer();
    const key = uniqueKey('gql-list');
    const { createShoppingList: created } = await data(
      api,
      `mutation ($draft: ShoppingListDraft!) { createShoppingList(draft: $draft) { ${FIELDS} } }`,
      {
        draft: {
          key,
          name: localized({ en: 'GraphQL list' }),
          customer: { typeId: 'customer', id: customer.id },
          lineItems: [{ sku: skus[1], quantity: 2 }],
          textLineItems: [{ name: localized({ en: 'Ribbon' }), quantity: 3 }],
        },
      },
    );
    expect(created).toMatchObject({
      key,
      version: 1,
      name: 'GraphQL list',
      customerRef: { id: customer.id },
      lineItems: [{ productId: product.id, variantId: 2, quantity: 2, published: true }],
      textLineItems: [{ name: 'Ribbon', quantity: 3 }],
    });

    const read = await data(
      api,
      `query ($id: String, $where: String) {
        shoppingList(id: $id) { id lineItems { name(locale: "en") } }
        shoppingLists(where: $where) { total results { id key } }
      }`,
      { id: created.id, where: `key = "${key}"` },
    );
    expect(read.shoppingList.id).toBe(created.id);
    expect(read.shoppingLists).toEqual({ total: 1, results: [{ id: created.id, key }] });

    const { updateShoppingList: updated } = await data(
      api,
      `mutation ($key: String, $version: Long!, $actions: [ShoppingListUpdateAction!]!) {
        updateShoppingList(key: $key, version: $version, actions: $actions) { ${FIELDS} }
      }`,
      {
        key,
        version: created.version,
        actions: [
          { changeName: { name: localized({ en: 'Renamed' }) } },
          { addLineItem: { productId: product.id, variantId: 2, quantity: 1 } },
          {
            setTextLineItemDescription: {
              textLineItemId: created.textLineItems[0].id,
              description: localized({ en: 'red' }),
            },
          },
          { setDeleteDaysAfterLastModification: { deleteDaysAfterLastModification: 30 } },
        ],
      },
    );
    expect(updated).toMatchObject({
      name: 'Renamed',
      version: 2,
      deleteDaysAfterLastModification: 30,
      lineItems: [{ quantity: 3 }],
      textLineItems: [{ description: 'red' }],
    });

    const { deleteShoppingList: deleted } = await data(
      api,
      'mutation ($id: String, $version: Long!) { deleteShoppingList(id: $id, version: $version) { id } }',
      { id: created.id, version: updated.version },
    );
    expect(deleted.id).toBe(created.id);
    expect((await data(api, `{ shoppingList(id: "${created.id}") { id } }`)).shoppingList).toBeNull();
  });

  it('writes and reads in a Store (storeKey, inStore) and a customer its own lists (me, *MyShoppingList)', async () => {
    const { projectKey } = await platform();
    const api = await sdk();
    const [storeA, storeB] = [await createStore(), await createStore()];
    const { createShoppingList: inA } = await data(
      api,
      `mutation ($draft: ShoppingListDraft!, $storeKey: KeyReferenceInput) {
        createShoppingList(draft: $draft, storeKey: $storeKey) { id storeRef { key } }
      }`,
      { draft: { name: localized({ en: 'in A' }) }, storeKey: storeA },
    );
    expect(inA.storeRef).toEqual({ key: storeA });
    const stores = await data(
      api,
      `{ a: inStore(key: "${storeA}") { shoppingList(id: "${inA.id}") { id } shoppingLists { total } }
         b: inStore(key: "${storeB}") { shoppingList(id: "${inA.id}") { id } shoppingLists { total } } }`,
    );
    expect(stores).toEqual({
      a: { shoppingList: { id: inA.id }, shoppingLists: { total: 1 } },
      b: { shoppingList: null, shoppingLists: { total: 0 } },
    });
    // A scope of Store A writes there only.
    const scopedA = await sdk([`manage_shopping_lists:${projectKey}:${storeA}`]);
    const elsewhere = await graphql(
      scopedA,
      'mutation ($draft: ShoppingListDraft!) { createShoppingList(draft: $draft, storeKey: "' +
        storeB +
        '") { id } }',
      { draft: { name: localized({ en: 'no' }) } },
    );
    expect(elsewhere.errors?.[0].extensions.code).toBe('insufficient_scope');

    const shop = await createClient(['manage_my_shopping_lists:{pk}', 'manage_my_profile:{pk}']);
    const alice = await createCustomer();
    const bob = await createCustomer();
    const tokenOf = async (who: { email: string; password: string }) =>
      sdkWithToken(String((await passwordGrant(shop, who.email, who.password)).body.access_token));
    const [aliceApi, bobApi] = [await tokenOf(alice), await tokenOf(bob)];
    const { createMyShoppingList: mine } = await data(
      aliceApi,
      `mutation ($draft: MyShoppingListDraft!) {
        createMyShoppingList(draft: $draft, storeKey: "${storeA}") { id version customerRef { id } storeRef { key } }
      }`,
      { draft: { name: localized({ en: 'mine' }), textLineItems: [{ name: localized({ en: 'tea' }) }] } },
    );
    expect(mine).toMatchObject({ customerRef: { id: alice.id }, storeRef: { key: storeA } });
    const seen = await data(
      aliceApi,
      `{ me { shoppingLists { total results { id } } }
         inStore(key: "${storeA}") { me { shoppingList(id: "${mine.id}") { id } } } }`,
    );
    expect(seen).toEqual({
      me: { shoppingLists: { total: 1, results: [{ id: mine.id }] } },
      inStore: { me: { shoppingList: { id: mine.id } } },
    });
    const notBobs = await data(
      bobApi,
      `{ me { shoppingList(id: "${mine.id}") { id } shoppingLists { total } } }`,
    );
    expect(notBobs).toEqual({ me: { shoppingList: null, shoppingLists: { total: 0 } } });
    const bobUpdate = await graphql(
      bobApi,
      `mutation { updateMyShoppingList(id: "${mine.id}", version: ${mine.version}, actions: [{ changeName: { name: [{ locale: "en", value: "x" }] } }]) { id } }`,
    );
    expect(bobUpdate.errors?.[0].extensions.code).toBe('ResourceNotFound');
    const { updateMyShoppingList: renamed } = await data(
      aliceApi,
      `mutation ($id: String, $version: Long!, $actions: [MyShoppingListUpdateAction!]!) {
        updateMyShoppingList(id: $id, version: $version, actions: $actions, storeKey: "${storeA}") { version name(locale: "en") }
      }`,
      {
        id: mine.id,
        version: mine.version,
        actions: [{ changeName: { name: localized({ en: 'renamed' }) } }],
      },
    );
    expect(renamed).toEqual({ version: mine.version + 1, name: 'renamed' });
    const { deleteMyShoppingList: gone } = await data(
      aliceApi,
      `mutation { deleteMyShoppingList(id: "${mine.id}", version: ${renamed.version}) { id } }`,
    );
    expect(gone.id).toBe(mine.id);
  });
});
