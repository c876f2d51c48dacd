import type { ShoppingList, ShoppingListUpdateAction } from '@commercetools/platform-sdk';
import pg from 'pg';
import { createCustomer, createStore } from '../auth/auth-helpers.js';
import { eventually } from '../support/api.js';
import { typeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { cartProduct } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';
import { messagesOf } from './checkout-sdk.js';

type Api = Awaited<ReturnType<typeof sdk>>;

async function update(api: Api, list: ShoppingList, ...actions: ShoppingListUpdateAction[]) {
  const { body } = await api
    .shoppingLists()
    .withId({ ID: list.id })
    .post({ body: { version: list.version, actions } })
    .execute();
  return body;
}

describe('Shopping lists (/shopping-lists, checkout facts 10)', () => {
  let api: Api;
  let fixture: Awaited<ReturnType<typeof cartProduct>>;
  beforeAll(async () => {
    api = await sdk();
    fixture = await cartProduct();
  });

  it('creates a list with line items resolved from the catalog and text line items; reads by id, key and where', async () => {
    const { product, skus } = fixture;
    const customer = await createCustomer();
    const key = uniqueKey('list');
    const created = await api
      .shoppingLists()
      .post({
        body: {
          key,
          name: { en: 'Birthday' },
          slug: { en: uniqueKey('birthday') },
          description: { en: 'For the party' },
          customer: { typeId: 'customer', id: customer.id },
          lineItems: [{ sku: skus[1], quantity: 2 }, { productId: product.id }],
          textLineItems: [{ name: { en: 'Balloons' }, description: { en: 'red' }, quantity: 10 }],
        },
      })
      .execute();
    expect(created.statusCode).toBe(201);
    const list = created.body;
    expect(list).toMatchObject({
      key,
      version: 1,
      name: { en: 'Birthday' },
      customer: { typeId: 'customer', id: customer.id },
      // The Project's default (Project shoppingLists, 360 unless changed).
      deleteDaysAfterLastModification: expect.any(Number),
    });
    expect(list.lineItems).toEqual([
      expect.objectContaining({
        productId: product.id,
        variantId: 2,
        name: product.masterData.current.name,
        productType: { typeId: 'product-type', id: product.productType.id },
        published: true,
        quantity: 2,
        addedAt: expect.any(String),
      }),
      expect.objectContaining({ productId: product.id, variantId: 1, quantity: 1 }),
    ]);
    // The variant is not in the list unless it is expanded.
    expect(list.lineItems[0]).not.toHaveProperty('variant');
    expect(list.textLineItems).toEqual([
      expect.objectContaining({ name: { en: 'Balloons' }, description: { en: 'red' }, quantity: 10 }),
    ]);

    expect((await api.shoppingLists().withKey({ key }).get().execute()).body.id).toBe(list.id);
    const page = await api
      .shoppingLists()
      .get({ queryArgs: { where: `customer(id = "${customer.id}") and lineItems(variantId = 2)` } })
      .execute();
    expect(page.body.results.map((found) => found.id)).toEqual([list.id]);

    // `expand=lineItems[*].variant` (and productSlug) as the live API: the variant of the current data.
    const expanded = await api
      .shoppingLists()
      .withId({ ID: list.id })
      .get({ queryArgs: { expand: ['lineItems[*].variant', 'lineItems[*].productSlug'] } })
      .execute();
    expect(expanded.body.lineItems.map((item) => item.variant?.sku)).toEqual([skus[1], skus[0]]);
    expect(expanded.body.lineItems[0].productSlug).toEqual(product.masterData.current.slug);
    const queried = await api
      .shoppingLists()
      .get({ queryArgs: { where: `id = "${list.id}"`, expand: 'lineItems[*].variant' } })
      .execute();
    expect(queried.body.results[0].lineItems[1].variant?.id).toBe(1);
  });

  it('applies every action of the SDK union, with the line item Messages', async () => {
    const { product, skus } = fixture;
    const type = (
      await api
        .types()
        .post({
          body: typeDraft(['shopping-list', 'line-item', 'shopping-list-text-line-item'], {
            fieldDefinitions: [
              {
                name: 'note',
                label: { en: 'Note' },
                required: false,
                type: { name: 'String' },
                inputHint: 'SingleLine',
              },
            ],
          }) as never,
        })
        .execute()
    ).body;
    const customer = await createCustomer();
    const store = await createStore();
    let list = (
      await api
        .shoppingLists()
        .post({ body: { name: { en: 'Actions' } } })
        .execute()
    ).body;

    list = await update(
      api,
      list,
      { action: 'addLineItem', sku: skus[0], key: 'first', quantity: 1 },
      // The same variant with the same custom fields adds to the quantity (checkout facts 10).
      { action: 'addLineItem', productId: product.id, variantId: 1, quantity: 2 },
      { action: 'addLineItem', productId: product.id, variantId: 2, key: 'second' },
      { action: 'addTextLineItem', name: { en: 'Card' }, key: 'card' },
      { action: 'addTextLineItem', name: { en: 'Candles' } },
    );
    expect(list.lineItems.map((item) => [item.key, item.variantId, item.quantity])).toEqual([
      ['first', 1, 3],
      ['second', 2, 1],
    ]);
    const [first, second] = list.lineItems;
    const [card, candles] = list.textLineItems;
    list = await update(
      api,
      list,
      { action: 'changeLineItemQuantity', lineItemKey: 'first', quantity: 5 },
      { action: 'changeLineItemsOrder', lineItemOrder: [second.id, first.id] },
      {
        action: 'setLineItemCustomType',
        lineItemId: first.id,
        type: { typeId: 'type', key: type.key },
        fields: { note: 'a' },
      },
      { action: 'setLineItemCustomField', lineItemId: first.id, name: 'note', value: 'b' },
      { action: 'changeTextLineItemName', textLineItemKey: 'card', name: { en: 'Big card' } },
      { action: 'changeTextLineItemQuantity', textLineItemId: card.id, quantity: 4 },
      { action: 'setTextLineItemDescription', textLineItemId: card.id, description: { en: 'gold' } },
      { action: 'setTextLineItemCustomType', textLineItemId: card.id, type: { typeId: 'type', id: type.id } },
      { action: 'setTextLineItemCustomField', textLineItemId: card.id, name: 'note', value: 'c' },
      { action: 'changeTextLineItemsOrder', textLineItemOrder: [candles.id, card.id] },
      { action: 'changeName', name: { en: 'Renamed' } },
      { action: 'setDescription', description: { en: 'described' } },
      { action: 'setSlug', slug: { en: uniqueKey('slug') } },
      { action: 'setKey', key: uniqueKey('key') },
      { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
      { action: 'setAnonymousId', anonymousId: 'anon-1' },
      { action: 'setStore', store: { typeId: 'store', key: store } },
      { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 7 },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { note: 'list' } },
      { action: 'setCustomField', name: 'note', value: 'list-2' },
    );
    expect(list).toMatchObject({
      name: { en: 'Renamed' },
      description: { en: 'described' },
      customer: { typeId: 'customer', id: customer.id },
      anonymousId: 'anon-1',
      store: { typeId: 'store', key: store },
      deleteDaysAfterLastModification: 7,
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'list-2' } },
    });
    expect(list.lineItems.map((item) => [item.id, item.quantity])).toEqual([
      [second.id, 1],
      [first.id, 5],
    ]);
    expect(list.lineItems[1].custom).toEqual({
      type: { typeId: 'type', id: type.id },
      fields: { note: 'b' },
    });
    expect(list.textLineItems.map((item) => item.id)).toEqual([candles.id, card.id]);
    expect(list.textLineItems[1]).toMatchObject({
      name: { en: 'Big card' },
      quantity: 4,
      description: { en: 'gold' },
      custom: { fields: { note: 'c' } },
    });

    list = await update(
      api,
      list,
      { action: 'removeLineItem', lineItemId: first.id, quantity: 2 },
      { action: 'removeLineItem', lineItemKey: 'second' },
      { action: 'removeTextLineItem', textLineItemId: card.id, quantity: 1 },
      { action: 'removeTextLineItem', textLineItemId: candles.id },
      { action: 'setTextLineItemCustomType', textLineItemId: card.id },
      { action: 'setLineItemCustomType', lineItemId: first.id },
      { action: 'setDescription' },
      { action: 'setSlug' },
      { action: 'setKey' },
      { action: 'setCustomer' },
      { action: 'setAnonymousId' },
      { action: 'setStore' },
      { action: 'setCustomType' },
      // Without a value: the Project's default again.
      { action: 'setDeleteDaysAfterLastModification' },
    );
    expect(list.lineItems.map((item) => [item.id, item.quantity])).toEqual([[first.id, 3]]);
    expect(list.lineItems[0]).not.toHaveProperty('custom');
    expect(list.textLineItems.map((item) => [item.id, item.quantity])).toEqual([[card.id, 3]]);
    expect(list.textLineItems[0]).not.toHaveProperty('custom');
    for (const field of ['description', 'slug', 'key', 'customer', 'anonymousId', 'store', 'custom'])
      expect(list).not.toHaveProperty(field);
    expect(list.deleteDaysAfterLastModification).toBe(
      (await api.get().execute()).body.shoppingLists?.deleteDaysAfterLastModification,
    );
    list = await update(api, list, { action: 'changeLineItemQuantity', lineItemId: first.id, quantity: 0 });
    expect(list.lineItems).toEqual([]);

    // A partial removal leaves the item in the list: no Message for it.
    const messages = await messagesOf(api, list.id, 5);
    expect(messages.map((message) => message.type)).toEqual([
      'ShoppingListLineItemAdded',
      'ShoppingListLineItemAdded',
      'ShoppingListLineItemAdded',
      'ShoppingListLineItemRemoved',
      'ShoppingListLineItemRemoved',
    ]);
    expect(messages[1]).toMatchObject({
      lineItem: { key: 'first', quantity: 3 },
      resource: { typeId: 'shopping-list' },
    });
    expect(messages[3]).toMatchObject({ lineItem: { key: 'second' } });

    const deleted = await api
      .shoppingLists()
      .withId({ ID: list.id })
      .delete({ queryArgs: { version: list.version } })
      .execute();
    expect(deleted.body.id).toBe(list.id);
    expect((await failure(api.shoppingLists().withId({ ID: list.id }).get().execute()))?.statusCode).toBe(
      404,
    );
  });

  it('refuses bad input with the API error, writing nothing', async () => {
    const { product } = fixture;
    const bad = async (body: Record<string, unknown>) =>
      failure(
        api
          .shoppingLists()
          .post({ body: { name: { en: 'x' }, ...body } })
          .execute(),
      );
    expect(await bad({ lineItems: [{ productId: 'nope' }] })).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
    expect(await bad({ lineItems: [{ productId: product.id, variantId: 99 }] })).toMatchObject({
      statusCode: 400,
      code: 'InvalidInput',
    });
    expect(await bad({ lineItems: [{ sku: uniqueKey('none') }] })).toMatchObject({ statusCode: 400 });
    expect(await bad({ slug: { en: 'no spaces allowed' } })).toMatchObject({
      statusCode: 400,
      code: 'InvalidInput',
    });
    expect(await bad({ customer: { typeId: 'customer', id: 'missing' } })).toMatchObject({
      code: 'ReferencedResourceNotFound',
    });
    expect(await bad({ businessUnit: { typeId: 'business-unit', key: 'bu' } })).toMatchObject({
      code: 'ReferencedResourceNotFound',
    });
    expect(await bad({ deleteDaysAfterLastModification: 0 })).toMatchObject({ statusCode: 400 });
    expect(await bad({ name: 'not localized' })).toMatchObject({ statusCode: 400 });

    const list = (
      await api
        .shoppingLists()
        .post({ body: { name: { en: 'x' } } })
        .execute()
    ).body;
    const refused = async (...actions: ShoppingListUpdateAction[]) => failure(update(api, list, ...actions));
    expect(
      await refused({ action: 'changeLineItemQuantity', lineItemId: 'nope', quantity: 1 }),
    ).toMatchObject({
      statusCode: 400,
      code: 'InvalidInput',
    });
    expect(await refused({ action: 'changeLineItemsOrder', lineItemOrder: ['x'] })).toMatchObject({
      code: 'InvalidInput',
    });
    expect(
      await refused(
        { action: 'addTextLineItem', name: { en: 'a' }, key: 'same' },
        { action: 'addTextLineItem', name: { en: 'b' }, key: 'same' },
      ),
    ).toMatchObject({ statusCode: 400, code: 'DuplicateField' });
    expect(
      await refused({ action: 'setBusinessUnit', businessUnit: { typeId: 'business-unit', key: 'bu' } }),
    ).toMatchObject({ code: 'ReferencedResourceNotFound' });
    expect(
      await failure(
        api
          .shoppingLists()
          .withId({ ID: list.id })
          .post({
            body: { version: list.version + 1, actions: [{ action: 'changeName', name: { en: 'y' } }] },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 409, code: 'ConcurrentModification' });
    // Nothing was written.
    expect((await api.shoppingLists().withId({ ID: list.id }).get().execute()).body.version).toBe(
      list.version,
    );
  });

  it('checks the shopping-list scopes as the live API does', async () => {
    const list = (
      await api
        .shoppingLists()
        .post({ body: { name: { en: 'scoped' } } })
        .execute()
    ).body;
    const { projectKey } = await platform();
    const viewer = await sdk([`view_shopping_lists:${projectKey}`]);
    expect((await viewer.shoppingLists().withId({ ID: list.id }).get().execute()).body.id).toBe(list.id);
    expect(
      (
        await failure(
          viewer
            .shoppingLists()
            .post({ body: { name: { en: 'no' } } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(403);
    const manager = await sdk([`manage_shopping_lists:${projectKey}`]);
    expect((await manager.shoppingLists().withId({ ID: list.id }).get().execute()).body.id).toBe(list.id);
    const other = await sdk([`view_orders:${projectKey}`]);
    expect((await failure(other.shoppingLists().get().execute()))?.statusCode).toBe(403);
  });

  it('serves a Store its own lists only (in-store routes and store scopes)', async () => {
    const { projectKey } = await platform();
    const [storeA, storeB] = [await createStore(), await createStore()];
    const inA = api.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    const key = uniqueKey('in-a');
    const created = (
      await inA
        .shoppingLists()
        .post({ body: { key, name: { en: 'in A' } } })
        .execute()
    ).body;
    expect(created.store).toEqual({ typeId: 'store', key: storeA });
    expect((await inA.shoppingLists().withKey({ key }).get().execute()).body.id).toBe(created.id);
    const inB = api.inStoreKeyWithStoreKeyValue({ storeKey: storeB });
    expect((await failure(inB.shoppingLists().withId({ ID: created.id }).get().execute()))?.statusCode).toBe(
      404,
    );
    expect((await inB.shoppingLists().get().execute()).body.results).toEqual([]);
    expect(
      (
        await failure(
          inA
            .shoppingLists()
            .post({ body: { name: { en: 'x' }, store: { typeId: 'store', key: storeB } } })
            .execute(),
        )
      )?.code,
    ).toBe('InvalidInput');

    // A store scope counts in its Store only.
    const scoped = await sdk([`manage_shopping_lists:${projectKey}:${storeA}`]);
    const mine = scoped.inStoreKeyWithStoreKeyValue({ storeKey: storeA });
    const page = await mine
      .shoppingLists()
      .get({ queryArgs: { where: `key = "${key}"` } })
      .execute();
    expect(page.body.results.map((list) => list.id)).toEqual([created.id]);
    const updated = await mine
      .shoppingLists()
      .withId({ ID: created.id })
      .post({ body: { version: created.version, actions: [{ action: 'changeName', name: { en: 'A2' } }] } })
      .execute();
    expect(updated.body.name).toEqual({ en: 'A2' });
    expect((await failure(scoped.shoppingLists().get().execute()))?.statusCode).toBe(403);
    expect(
      (
        await failure(
          scoped.inStoreKeyWithStoreKeyValue({ storeKey: storeB }).shoppingLists().get().execute(),
        )
      )?.statusCode,
    ).toBe(403);
  });

  it('deletes a list once its deleteDaysAfterLastModification have passed (the sweep)', async () => {
    const keep = (
      await api
        .shoppingLists()
        .post({ body: { name: { en: 'keep' }, deleteDaysAfterLastModification: 3 } })
        .execute()
    ).body;
    const stale = (
      await api
        .shoppingLists()
        .post({ body: { name: { en: 'stale' }, deleteDaysAfterLastModification: 1 } })
        .execute()
    ).body;
    // Two days pass for both lists (behind the API's back: the tests can not wait for days).
    const { databaseUrl } = await platform();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE checkout.shopping_lists SET last_modified_at = last_modified_at - interval '2 days' WHERE id = ANY($1)`,
        [[keep.id, stale.id]],
      );
    } finally {
      await db.end();
    }
    await eventually(async () => {
      const gone = await failure(api.shoppingLists().withId({ ID: stale.id }).get().execute());
      return gone?.statusCode === 404 ? true : undefined;
    });
    expect((await api.shoppingLists().withId({ ID: keep.id }).get().execute()).body.id).toBe(keep.id);
  });

  it('adds a shopping list to a cart (addShoppingList): its line items with their quantities', async () => {
    const { skus } = fixture;
    const list = (
      await api
        .shoppingLists()
        .post({
          body: {
            name: { en: 'to cart' },
            lineItems: [{ sku: skus[0], quantity: 2 }, { sku: skus[1] }],
            textLineItems: [{ name: { en: 'not a product' } }],
          },
        })
        .execute()
    ).body;
    const cart = (
      await api
        .carts()
        .post({ body: { currency: 'EUR', lineItems: [{ sku: skus[0] }] } })
        .execute()
    ).body;
    const updated = await api
      .carts()
      .withId({ ID: cart.id })
      .post({
        body: {
          version: cart.version,
          actions: [{ action: 'addShoppingList', shoppingList: { typeId: 'shopping-list', id: list.id } }],
        },
      })
      .execute();
    expect(updated.body.lineItems.map((item) => [item.variant.sku, item.quantity])).toEqual([
      [skus[0], 3],
      [skus[1], 1],
    ]);
    // Three units of the first SKU take its tier (9.00), plus 5.00.
    expect(updated.body.totalPrice.centAmount).toBe(3 * 900 + 500);
    expect(
      await failure(
        api
          .carts()
          .withId({ ID: cart.id })
          .post({
            body: {
              version: updated.body.version,
              actions: [
                {
                  action: 'addShoppingList',
                  shoppingList: { typeId: 'shopping-list', key: uniqueKey('missing') },
                },
              ],
            },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
  });
});
