import type { CartDiscountDraft } from '@commercetools/platform-sdk';
import { createStore } from '../auth/auth-helpers.js';
import { failure } from '../checkout/checkout-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { createCartDiscount, createDiscountCode, rank } from './discount-fixtures.js';

/** An inactive discount (it discounts no other test's carts), in the Stores given or in the route's. */
const draft = (extra: Partial<CartDiscountDraft> = {}): CartDiscountDraft => ({
  key: uniqueKey('cd'),
  name: { en: 'in store' },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder: rank('1'),
  isActive: false,
  ...extra,
});

/**
 * Cart discounts and discount codes in a Store (`/in-store/key={storeKey}/...`, SDK in-store builders): a
 * Store sees the discounts whose `stores` hold it and the codes whose cart discounts do; a store scope counts
 * in its own Store only.
 */
describe('in-store cart discounts and discount codes', () => {
  it('creates, queries, reads, updates and deletes a cart discount in its Store', async () => {
    const api = await sdk();
    const [storeA, storeB] = [await createStore(), await createStore()];
    const inA = api.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    const inB = api.inStoreKeyWithStoreKeyValue({ storeKey: storeB });

    // Without stores it is the route's Store's; a draft leaving the Store out is refused.
    const created = (await inA.cartDiscounts().post({ body: draft() }).execute()).body;
    expect(created.stores).toEqual([{ typeId: 'store', key: storeA }]);
    const foreign = draft({ stores: [{ typeId: 'store', key: storeB }] });
    expect((await failure(inA.cartDiscounts().post({ body: foreign }).execute()))?.code).toBe('InvalidInput');

    expect((await inA.cartDiscounts().withId({ ID: created.id }).get().execute()).body.id).toBe(created.id);
    expect((await inA.cartDiscounts().withKey({ key: created.key! }).get().execute()).body.id).toBe(
      created.id,
    );
    const page = await inA
      .cartDiscounts()
      .get({ queryArgs: { where: `key = "${created.key}"` } })
      .execute();
    expect(page.body.results.map((discount) => discount.id)).toEqual([created.id]);

    // Another Store does not see it: 404 by id and key, and no result in its query.
    expect((await failure(inB.cartDiscounts().withId({ ID: created.id }).get().execute()))?.statusCode).toBe(
      404,
    );
    expect(
      (await failure(inB.cartDiscounts().withKey({ key: created.key! }).get().execute()))?.statusCode,
    ).toBe(404);
    expect((await inB.cartDiscounts().get().execute()).body.results).toEqual([]);
    const update = {
      version: created.version,
      actions: [{ action: 'changeName' as const, name: { en: 'x' } }],
    };
    expect(
      (await failure(inB.cartDiscounts().withId({ ID: created.id }).post({ body: update }).execute()))
        ?.statusCode,
    ).toBe(404);
    // A project-wide discount is in no Store.
    const global = await createCartDiscount(draft());
    expect((await failure(inA.cartDiscounts().withId({ ID: global.id }).get().execute()))?.statusCode).toBe(
      404,
    );

    const renamed = (
      await inA.cartDiscounts().withKey({ key: created.key! }).post({ body: update }).execute()
    ).body;
    expect(renamed.name).toEqual({ en: 'x' });
    // The Store can not be taken away on its own route.
    const removeA = {
      version: renamed.version,
      actions: [{ action: 'removeStore' as const, store: { typeId: 'store' as const, key: storeA } }],
    };
    expect(
      (await failure(inA.cartDiscounts().withId({ ID: created.id }).post({ body: removeA }).execute()))?.code,
    ).toBe('InvalidOperation');
    // Nor can a Store's client reach another Store: a draft or action naming it, or a discount shared with it.
    const both = draft({
      stores: [
        { typeId: 'store', key: storeA },
        { typeId: 'store', key: storeB },
      ],
    });
    expect((await failure(inA.cartDiscounts().post({ body: both }).execute()))?.code).toBe('InvalidInput');
    const addB = {
      version: renamed.version,
      actions: [{ action: 'addStore' as const, store: { typeId: 'store' as const, key: storeB } }],
    };
    expect(
      (await failure(inA.cartDiscounts().withId({ ID: created.id }).post({ body: addB }).execute()))?.code,
    ).toBe('InvalidOperation');
    const shared = await createCartDiscount(both);
    expect(
      (
        await failure(
          inA
            .cartDiscounts()
            .withId({ ID: shared.id })
            .post({ body: { ...update, version: shared.version } })
            .execute(),
        )
      )?.code,
    ).toBe('InvalidOperation');
    expect(
      (
        await failure(
          inA
            .cartDiscounts()
            .withId({ ID: shared.id })
            .delete({ queryArgs: { version: shared.version } })
            .execute(),
        )
      )?.code,
    ).toBe('InvalidOperation');
    await api
      .cartDiscounts()
      .withId({ ID: shared.id })
      .delete({ queryArgs: { version: shared.version } })
      .execute();

    expect(
      (
        await failure(
          inB
            .cartDiscounts()
            .withId({ ID: created.id })
            .delete({ queryArgs: { version: renamed.version } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(404);
    await inA
      .cartDiscounts()
      .withId({ ID: created.id })
      .delete({ queryArgs: { version: renamed.version } })
      .execute();
    expect((await failure(api.cartDiscounts().withId({ ID: created.id }).get().execute()))?.statusCode).toBe(
      404,
    );
    await api
      .cartDiscounts()
      .withId({ ID: global.id })
      .delete({ queryArgs: { version: global.version } })
      .execute();
  });

  it('reads the discount codes of a Store (derived from their cart discounts), read-only', async () => {
    const api = await sdk();
    const [storeA, storeB] = [await createStore(), await createStore()];
    const discount = await createCartDiscount(
      draft({ requiresDiscountCode: true, stores: [{ typeId: 'store', key: storeA }] }),
    );
    const code = await createDiscountCode({
      key: uniqueKey('dc'),
      code: uniqueKey('CODE'),
      cartDiscounts: [{ typeId: 'cart-discount', id: discount.id }],
    });
    expect(code.stores).toEqual([{ typeId: 'store', key: storeA }]);
    const inA = api.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    const inB = api.inStoreKeyWithStoreKeyValue({ storeKey: storeB });
    expect((await inA.discountCodes().withId({ ID: code.id }).get().execute()).body.code).toBe(code.code);
    expect((await inA.discountCodes().withKey({ key: code.key! }).get().execute()).body.id).toBe(code.id);
    expect(
      (
        await inA
          .discountCodes()
          .get({ queryArgs: { where: `code = "${code.code}"` } })
          .execute()
      ).body.results,
    ).toHaveLength(1);
    expect((await inA.discountCodes().withId({ ID: code.id }).head().execute()).statusCode).toBe(200);
    expect((await failure(inB.discountCodes().withId({ ID: code.id }).get().execute()))?.statusCode).toBe(
      404,
    );
    expect(
      (
        await inB
          .discountCodes()
          .get({ queryArgs: { where: `code = "${code.code}"` } })
          .execute()
      ).body.results,
    ).toEqual([]);
    expect((await failure(inB.discountCodes().withId({ ID: code.id }).head().execute()))?.statusCode).toBe(
      404,
    );
  });

  it('counts a store scope in its own Store only (403 elsewhere and project-wide)', async () => {
    const { projectKey } = await platform();
    const [storeA, storeB] = [await createStore(), await createStore()];
    const scoped = await sdk([
      `manage_cart_discounts:${projectKey}:${storeA}`,
      `view_discount_codes:${projectKey}:${storeA}`,
    ]);
    const mine = scoped.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    const created = (await mine.cartDiscounts().post({ body: draft() }).execute()).body;
    expect(created.stores).toEqual([{ typeId: 'store', key: storeA }]);
    const updated = (
      await mine
        .cartDiscounts()
        .withId({ ID: created.id })
        .post({ body: { version: created.version, actions: [{ action: 'setKey', key: uniqueKey('k') }] } })
        .execute()
    ).body;
    expect(updated.version).toBe(created.version + 1);
    expect((await mine.discountCodes().get().execute()).statusCode).toBe(200);

    const elsewhere = scoped.inStoreKeyWithStoreKeyValue({ storeKey: storeB });
    expect((await failure(elsewhere.cartDiscounts().get().execute()))?.statusCode).toBe(403);
    expect((await failure(elsewhere.cartDiscounts().post({ body: draft() }).execute()))?.statusCode).toBe(
      403,
    );
    expect((await failure(elsewhere.discountCodes().get().execute()))?.statusCode).toBe(403);
    expect((await failure(scoped.cartDiscounts().get().execute()))?.statusCode).toBe(403);
    expect((await failure(scoped.discountCodes().get().execute()))?.statusCode).toBe(403);

    // A view scope reads in its Store but does not write.
    const viewer = await sdk([`view_cart_discounts:${projectKey}:${storeA}`]);
    const viewerInA = viewer.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    expect((await viewerInA.cartDiscounts().withId({ ID: created.id }).get().execute()).body.id).toBe(
      created.id,
    );
    expect((await failure(viewerInA.cartDiscounts().post({ body: draft() }).execute()))?.statusCode).toBe(
      403,
    );
    await mine
      .cartDiscounts()
      .withId({ ID: created.id })
      .delete({ queryArgs: { version: updated.version } })
      .execute();
  });
});
