import {
  createClient,
  createCustomer,
  createStore,
  oauth,
  passwordGrant,
  type Client,
} from '../auth/auth-helpers.js';
import { sdkWithToken, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { cartProduct } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';

/** The storefront's scopes: own shopping lists, sign-in, anonymous sessions. */
const STOREFRONT = ['manage_my_shopping_lists:{pk}', 'manage_my_profile:{pk}', 'create_anonymous_token:{pk}'];

async function anonymous(client: Client, anonymousId = uniqueKey('anon')) {
  const { projectKey } = await platform();
  const grant = await oauth(client, `/oauth/${projectKey}/anonymous/token`, {
    grant_type: 'client_credentials',
    anonymous_id: anonymousId,
  });
  if (grant.status !== 200) throw new Error(`anonymous grant failed: ${JSON.stringify(grant.body)}`);
  const token = String(grant.body.access_token);
  return { api: await sdkWithToken(token), token, anonymousId };
}

async function customer(client: Client, storeKey?: string) {
  const signedUp = await createCustomer(undefined, storeKey);
  const grant = await passwordGrant(client, signedUp.email, signedUp.password, storeKey);
  if (grant.status !== 200) throw new Error(`password grant failed: ${JSON.stringify(grant.body)}`);
  return { api: await sdkWithToken(String(grant.body.access_token)), ...signedUp };
}

const newList = (api: Api, body: Record<string, unknown> = {}) =>
  api
    .me()
    .shoppingLists()
    .post({ body: { name: { en: uniqueKey('mine') }, ...body } })
    .execute();

describe('My shopping lists (/me/shopping-lists)', () => {
  let shop: Client;
  let skus: [string, string];
  beforeAll(async () => {
    shop = await createClient(STOREFRONT);
    ({ skus } = await cartProduct());
  });

  it('an anonymous session keeps its own lists: the owner comes from the token, no one else sees them', async () => {
    const session = await anonymous(shop);
    const created = await newList(session.api, {
      lineItems: [{ sku: skus[0], quantity: 2 }],
      // Not a MyShoppingListDraft field: never taken from the body.
      customer: { typeId: 'customer', id: 'someone' },
      key: 'not-mine-to-set',
    });
    expect(created.statusCode).toBe(201);
    const list = created.body;
    expect(list).toMatchObject({ anonymousId: session.anonymousId, lineItems: [{ quantity: 2 }] });
    expect(list).not.toHaveProperty('customer');
    expect(list).not.toHaveProperty('key');
    const me = session.api.me().shoppingLists();
    expect((await me.withId({ ID: list.id }).get().execute()).body.id).toBe(list.id);
    expect((await me.get().execute()).body.results.map((found) => found.id)).toEqual([list.id]);
    const expanded = await me
      .withId({ ID: list.id })
      .get({ queryArgs: { expand: 'lineItems[*].variant' } })
      .execute();
    expect(expanded.body.lineItems[0].variant?.sku).toBe(skus[0]);
    const updated = await me
      .withId({ ID: list.id })
      .post({
        body: {
          version: list.version,
          actions: [
            { action: 'changeLineItemQuantity', lineItemId: list.lineItems[0].id, quantity: 5 },
            { action: 'addTextLineItem', name: { en: 'note' } },
          ],
        },
      })
      .execute();
    expect(updated.body.lineItems[0].quantity).toBe(5);

    // Another session and a customer do not see it (404, never 403).
    const other = await anonymous(shop);
    expect(
      (await failure(other.api.me().shoppingLists().withId({ ID: list.id }).get().execute()))?.statusCode,
    ).toBe(404);
    expect((await other.api.me().shoppingLists().get().execute()).body.results).toEqual([]);
    const stranger = await customer(shop);
    expect(
      (await failure(stranger.api.me().shoppingLists().withId({ ID: list.id }).get().execute()))?.statusCode,
    ).toBe(404);
    expect(
      (
        await failure(
          stranger.api
            .me()
            .shoppingLists()
            .withId({ ID: list.id })
            .delete({ queryArgs: { version: updated.body.version } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(404);

    // Only the My actions: a key, slug, owner or Store is not the customer's to set.
    const refused = await failure(
      me
        .withId({ ID: list.id })
        .post({ body: { version: updated.body.version, actions: [{ action: 'setKey', key: 'x' } as never] } })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
    const deleted = await me
      .withId({ ID: list.id })
      .delete({ queryArgs: { version: updated.body.version } })
      .execute();
    expect(deleted.body.id).toBe(list.id);
  });

  it("a customer's lists are its own; another customer never sees them", async () => {
    const alice = await customer(shop);
    const bob = await customer(shop);
    const list = (await newList(alice.api)).body;
    expect(list.customer).toEqual({ typeId: 'customer', id: alice.id });
    const mine = await alice.api.me().shoppingLists().get().execute();
    expect(mine.body.results.map((found) => found.id)).toEqual([list.id]);
    expect((await bob.api.me().shoppingLists().get().execute()).body.results).toEqual([]);
    expect(
      (await failure(bob.api.me().shoppingLists().withId({ ID: list.id }).get().execute()))?.statusCode,
    ).toBe(404);
    // A list of someone else's, even found by where, is not in one's own page.
    const where = await bob.api
      .me()
      .shoppingLists()
      .get({ queryArgs: { where: `id = "${list.id}"` } })
      .execute();
    expect(where.body.results).toEqual([]);
    // An admin's list for Alice is Alice's too.
    const admin = await sdk();
    const byAdmin = (
      await admin
        .shoppingLists()
        .post({
          body: {
            name: { en: 'gift' },
            key: uniqueKey('gift'),
            customer: { typeId: 'customer', id: alice.id },
          },
        })
        .execute()
    ).body;
    expect(
      (await alice.api.me().shoppingLists().withKey({ key: byAdmin.key! }).get().execute()).body.id,
    ).toBe(byAdmin.id);
    expect(
      (await failure(bob.api.me().shoppingLists().withKey({ key: byAdmin.key! }).get().execute()))
        ?.statusCode,
    ).toBe(404);
  });

  it('needs manage_my_shopping_lists and a customer or anonymous token', async () => {
    const { projectKey } = await platform();
    const withoutScope = await createClient(['manage_my_profile:{pk}', 'create_anonymous_token:{pk}']);
    const session = await anonymous(withoutScope);
    expect((await failure(session.api.me().shoppingLists().get().execute()))?.statusCode).toBe(403);
    // A client token (no customer, no session) is refused even with the scope.
    const client = await sdk([`manage_my_shopping_lists:${projectKey}`]);
    expect((await failure(client.me().shoppingLists().get().execute()))?.statusCode).toBe(403);
  });

  it("an anonymous session's lists follow the customer on sign-in", async () => {
    const session = await anonymous(shop);
    const list = (await newList(session.api)).body;
    const signedUp = await createCustomer();
    const signedIn = await session.api
      .me()
      .login()
      .post({ body: { email: signedUp.email, password: signedUp.password } })
      .execute();
    expect(signedIn.body.customer.id).toBe(signedUp.id);
    const grant = await passwordGrant(shop, signedUp.email, signedUp.password);
    const api = await sdkWithToken(String(grant.body.access_token));
    const page = await api.me().shoppingLists().get().execute();
    expect(page.body.results.map((found) => [found.id, found.customer?.id, found.anonymousId])).toEqual([
      [list.id, signedUp.id, session.anonymousId],
    ]);
    expect(page.body.results[0].version).toBe(list.version + 1);
    // The session no longer holds it.
    expect((await session.api.me().shoppingLists().get().execute()).body.results).toEqual([]);

    // `/login` with `anonymousId` (an operator signing a customer in) does the same.
    const second = await anonymous(shop);
    const other = (await newList(second.api)).body;
    const customer2 = await createCustomer();
    await (
      await sdk()
    )
      .login()
      .post({
        body: { email: customer2.email, password: customer2.password, anonymousId: second.anonymousId },
      })
      .execute();
    const moved = await (await sdk()).shoppingLists().withId({ ID: other.id }).get().execute();
    expect(moved.body.customer).toEqual({ typeId: 'customer', id: customer2.id });
  });

  it('in a Store: a list made there belongs to it and is not seen from another Store', async () => {
    const [storeA, storeB] = [await createStore(), await createStore()];
    const alice = await customer(shop);
    const inA = alice.api.inStoreKeyWithStoreKeyValue({ storeKey: storeA }).me().shoppingLists();
    const list = (await inA.post({ body: { name: { en: 'in A' } } }).execute()).body;
    expect(list.store).toEqual({ typeId: 'store', key: storeA });
    expect((await inA.get().execute()).body.results.map((found) => found.id)).toEqual([list.id]);
    const inB = alice.api.inStoreKeyWithStoreKeyValue({ storeKey: storeB }).me().shoppingLists();
    expect((await failure(inB.withId({ ID: list.id }).get().execute()))?.statusCode).toBe(404);
    expect((await inB.get().execute()).body.results).toEqual([]);
    // The global /me sees all of one's own lists.
    expect((await alice.api.me().shoppingLists().withId({ ID: list.id }).get().execute()).body.id).toBe(
      list.id,
    );

    // A store scope of the storefront counts in its Store only.
    const { projectKey } = await platform();
    const storeFront = await createClient([
      `manage_my_shopping_lists:{pk}:${storeA}`,
      'manage_my_profile:{pk}',
    ]);
    const bob = await createCustomer();
    const grant = await passwordGrant(storeFront, bob.email, bob.password);
    const bobApi = await sdkWithToken(String(grant.body.access_token));
    const bobs = (
      await bobApi
        .inStoreKeyWithStoreKeyValue({ storeKey: storeA })
        .me()
        .shoppingLists()
        .post({ body: { name: { en: 'b' } } })
        .execute()
    ).body;
    expect(bobs.store?.key).toBe(storeA);
    expect(
      (
        await failure(
          bobApi.inStoreKeyWithStoreKeyValue({ storeKey: storeB }).me().shoppingLists().get().execute(),
        )
      )?.statusCode,
    ).toBe(403);
    expect((await failure(bobApi.me().shoppingLists().get().execute()))?.statusCode).toBe(403);
    expect(projectKey).toBeTruthy();
  });
});
