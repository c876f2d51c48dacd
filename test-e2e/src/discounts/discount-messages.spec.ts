import type {
  CartDiscount,
  CartDiscountCreatedMessage,
  CartDiscountStoreAddedMessage,
  CartDiscountStoreRemovedMessage,
  CartDiscountStoresSetMessage,
  CartDiscountUpdateAction,
  DiscountCode,
  DiscountCodeCreatedMessage,
  DiscountCodeKeySetMessage,
  DiscountCodeUpdateAction,
} from '@commercetools/platform-sdk';
import { createStore } from '../auth/auth-helpers.js';
import { messagesOf } from '../checkout/checkout-sdk.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { sortOrder } from './discount-fixtures.js';

/** The Messages of cart discounts and discount codes (the SDK's message types), in the order written. */
describe('Messages of cart discounts and discount codes', () => {
  it('emits CartDiscountCreated, ...StoreAdded, ...StoresSet, ...StoreRemoved and ...Deleted with their payloads', async () => {
    const client = await sdk();
    const [a, b] = [await createStore(), await createStore()];
    const created = (
      await client
        .cartDiscounts()
        .post({
          body: {
            name: { en: 'messages' },
            value: { type: 'relative', permyriad: 100 },
            target: { type: 'lineItems', predicate: 'true' },
            cartPredicate: '1 = 1',
            sortOrder: sortOrder(),
            isActive: false,
          },
        })
        .execute()
    ).body;
    const update = async (discount: CartDiscount, action: CartDiscountUpdateAction) =>
      (
        await client
          .cartDiscounts()
          .withId({ ID: discount.id })
          .post({ body: { version: discount.version, actions: [action] } })
          .execute()
      ).body;
    const store = (key: string) => ({ typeId: 'store' as const, key });
    let discount = await update(created, { action: 'addStore', store: store(a) });
    // Adding a Store it already has changes nothing and says nothing.
    discount = await update(discount, { action: 'addStore', store: store(a) });
    discount = await update(discount, { action: 'setStores', stores: [store(b)] });
    discount = await update(discount, { action: 'removeStore', store: store(b) });
    await client
      .cartDiscounts()
      .withId({ ID: discount.id })
      .delete({ queryArgs: { version: discount.version } })
      .execute();

    const messages = await messagesOf(client, created.id, 5);
    expect(messages.map((m) => [m.type, m.resourceVersion])).toEqual([
      ['CartDiscountCreated', 1],
      ['CartDiscountStoreAdded', 2],
      ['CartDiscountStoresSet', 3],
      ['CartDiscountStoreRemoved', 4],
      ['CartDiscountDeleted', 5],
    ]);
    const [createdMessage, added, set, removed] = messages as [
      CartDiscountCreatedMessage,
      CartDiscountStoreAddedMessage,
      CartDiscountStoresSetMessage,
      CartDiscountStoreRemovedMessage,
    ];
    expect(createdMessage.cartDiscount).toMatchObject({ id: created.id, version: 1, isActive: false });
    expect(added.store).toEqual(store(a));
    expect(set).toMatchObject({ stores: [store(b)], addedStores: [store(b)], removedStores: [store(a)] });
    expect(removed.store).toEqual(store(b));
    expect(messages.every((m) => m.resource.typeId === 'cart-discount')).toBe(true);
  });

  it('emits DiscountCodeCreated, DiscountCodeKeySet (old and new key) and DiscountCodeDeleted', async () => {
    const client = await sdk();
    const cartDiscount = (
      await client
        .cartDiscounts()
        .post({
          body: {
            name: { en: 'for a code' },
            value: { type: 'relative', permyriad: 100 },
            target: { type: 'lineItems', predicate: 'true' },
            cartPredicate: '1 = 1',
            sortOrder: sortOrder(),
            requiresDiscountCode: true,
          },
        })
        .execute()
    ).body;
    const code = uniqueKey('MSG');
    const created = (
      await client
        .discountCodes()
        .post({ body: { code, cartDiscounts: [{ typeId: 'cart-discount', id: cartDiscount.id }] } })
        .execute()
    ).body;
    const update = async (discountCode: DiscountCode, action: DiscountCodeUpdateAction) =>
      (
        await client
          .discountCodes()
          .withId({ ID: discountCode.id })
          .post({ body: { version: discountCode.version, actions: [action] } })
          .execute()
      ).body;
    const [first, second] = [uniqueKey('dc'), uniqueKey('dc')];
    let discountCode = await update(created, { action: 'setKey', key: first });
    discountCode = await update(discountCode, { action: 'setKey', key: second });
    // Not a Message of its own in the SDK: a new version, no Message.
    discountCode = await update(discountCode, { action: 'setMaxApplications', maxApplications: 3 });
    await client
      .discountCodes()
      .withId({ ID: discountCode.id })
      .delete({ queryArgs: { version: discountCode.version } })
      .execute();

    const messages = await messagesOf(client, created.id, 4);
    expect(messages.map((m) => [m.type, m.resourceVersion])).toEqual([
      ['DiscountCodeCreated', 1],
      ['DiscountCodeKeySet', 2],
      ['DiscountCodeKeySet', 3],
      ['DiscountCodeDeleted', 5],
    ]);
    const [createdMessage, firstKey, secondKey] = messages as [
      DiscountCodeCreatedMessage,
      DiscountCodeKeySetMessage,
      DiscountCodeKeySetMessage,
    ];
    expect(createdMessage.discountCode).toMatchObject({ id: created.id, code });
    expect(firstKey.key).toBe(first);
    expect(firstKey.oldKey).toBeUndefined();
    expect(secondKey).toMatchObject({ key: second, oldKey: first });
    await client
      .cartDiscounts()
      .withId({ ID: cartDiscount.id })
      .delete({ queryArgs: { version: cartDiscount.version } })
      .execute();
  });
});
