import type {
  Order,
  OrderEditPreviewFailure,
  OrderEditPreviewSuccess,
  OrderEditApplied,
  ShippingMethod,
  StagedOrderUpdateAction,
} from '@commercetools/platform-sdk';
import { data } from '../graphql/graphql-helpers.js';
import { productDraft, taxCategoryDraft, uniqueKey, zoneDraft } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { createCart, createProductType } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';
import { messagesOf, type Api } from './checkout-sdk.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/**
 * Order Edits (checkout facts 2, 4.3-4.6, 5). The fixtures: a product at 10.00 EUR (9.00 from 3 pieces), net
 * prices, taxed 19% in state A and 7% in state B of DE; a shipping method of 4.90 to state A and 6.90 to
 * state B, taxed as the items. The order: 1 piece shipped to state A.
 *   order:   items 10.00 + shipping 4.90 = 14.90 net; tax 1.90 + round(0.931) 0.93 = 2.83; gross 17.73.
 *   edited:  3 pieces at the tier's 9.00 = 27.00, shipping 4.90 (the method's rate is kept when only the
 *            address moves, as on a cart), both taxed 7% at state B: 1.89 + round(0.343) 0.34 = 2.23;
 *            31.90 net, 34.13 gross.
 */
describe('Order Edits', () => {
  let api: Api;
  let projectKey: string;
  let sku: string;
  let method: ShippingMethod;
  const [stateA, stateB] = [uniqueKey('state'), uniqueKey('state')];

  beforeAll(async () => {
    api = await sdk();
    ({ projectKey } = await platform());
    const taxCategory = (
      await api
        .taxCategories()
        .post({
          body: taxCategoryDraft({
            rates: [
              { name: '19% A', amount: 0.19, includedInPrice: false, country: 'DE', state: stateA },
              { name: '7% B', amount: 0.07, includedInPrice: false, country: 'DE', state: stateB },
            ],
          }),
        })
        .execute()
    ).body;
    const zone = async (state: string) =>
      (
        await api
          .zones()
          .post({ body: zoneDraft({ locations: [{ country: 'DE', state }] }) })
          .execute()
      ).body;
    const [zoneA, zoneB] = [await zone(stateA), await zone(stateB)];
    method = (
      await api
        .shippingMethods()
        .post({
          body: {
            key: uniqueKey('sm'),
            name: uniqueKey('Edits'),
            taxCategory: { typeId: 'tax-category', id: taxCategory.id },
            isDefault: false,
            zoneRates: [
              { zone: { typeId: 'zone', id: zoneA.id }, shippingRates: [{ price: eur(490) }] },
              { zone: { typeId: 'zone', id: zoneB.id }, shippingRates: [{ price: eur(690) }] },
            ],
          },
        })
        .execute()
    ).body;
    const productType = await createProductType();
    sku = uniqueKey('sku');
    await api
      .products()
      .post({
        body: productDraft(productType.id, [], {
          masterVariant: {
            sku,
            prices: [{ value: eur(1000), tiers: [{ minimumQuantity: 3, value: eur(900) }] }],
          },
          taxCategory: { typeId: 'tax-category', id: taxCategory.id },
          publish: true,
        }) as never,
      })
      .execute();
  });

  async function newOrder(): Promise<Order> {
    const cart = await createCart({
      country: 'DE',
      shippingAddress: { country: 'DE', state: stateA },
      lineItems: [{ sku, quantity: 1 }],
      shippingMethod: { typeId: 'shipping-method', id: method.id },
    });
    return (
      await api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
  }

  const edits = () => api.orders().edits();

  async function createEdit(order: Order, stagedActions: StagedOrderUpdateAction[], key?: string) {
    return (
      await edits()
        .post({
          body: {
            resource: { typeId: 'order', id: order.id },
            stagedActions,
            ...(key !== undefined ? { key } : {}),
          },
        })
        .execute()
    ).body;
  }

  const bothKinds = (order: Order): StagedOrderUpdateAction[] => [
    { action: 'changeLineItemQuantity', lineItemId: order.lineItems[0].id, quantity: 3 },
    { action: 'addDelivery', items: [{ id: order.lineItems[0].id, quantity: 1 }] },
    { action: 'setShippingAddress', address: { country: 'DE', state: stateB } },
  ];

  it('previews staged actions of both kinds on the order, through the cart rules', async () => {
    const order = await newOrder();
    expect(order.totalPrice).toMatchObject(eur(1490));
    expect(order.taxedPrice).toMatchObject({ totalNet: eur(1490), totalGross: eur(1773) });

    const edit = await createEdit(order, bothKinds(order));
    expect(edit).toMatchObject({
      version: 1,
      resource: { typeId: 'order', id: order.id },
      stagedActions: bothKinds(order),
    });
    const result = edit.result as OrderEditPreviewSuccess;
    expect(result.type).toBe('PreviewSuccess');
    const preview = result.preview;
    expect(preview).toMatchObject({
      id: order.id,
      version: order.version,
      totalPrice: eur(3190),
      taxedPrice: { totalNet: eur(3190), totalGross: eur(3413), totalTax: eur(223) },
      shippingAddress: { country: 'DE', state: stateB },
    });
    expect(preview.lineItems[0]).toMatchObject({
      quantity: 3,
      price: { value: eur(900) },
      totalPrice: eur(2700),
      taxRate: { amount: 0.07, state: stateB },
    });
    expect(preview.shippingInfo).toMatchObject({
      price: eur(490),
      taxedPrice: { totalNet: eur(490), totalGross: eur(524) },
      deliveries: [{ items: [{ id: order.lineItems[0].id, quantity: 1 }] }],
    });
    expect(result.messagePayloads.map((message) => message.type)).toEqual([
      'OrderLineItemAdded',
      'DeliveryAdded',
      'OrderShippingAddressSet',
      'OrderShippingInfoSet',
    ]);
    expect(result.messagePayloads[0]).toMatchObject({ addedQuantity: 2, lineItem: { quantity: 3 } });

    // Nothing happened to the order.
    const stored = (await api.orders().withId({ ID: order.id }).get().execute()).body;
    expect(stored).toMatchObject({ version: order.version, totalPrice: eur(1490) });
  });

  it('setShippingAddressAndShippingMethod: the method priced at the new zone, taxed at the new address', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, [
      {
        action: 'setShippingAddressAndShippingMethod',
        address: { country: 'DE', state: stateB },
        shippingMethod: { typeId: 'shipping-method', id: method.id },
      },
    ]);
    const result = edit.result as OrderEditPreviewSuccess;
    // 10.00 + 6.90 (state B's rate) = 16.90 net; 7%: 0.70 + round(0.483) 0.48 = 1.18; 18.08 gross.
    expect(result.preview).toMatchObject({
      totalPrice: eur(1690),
      taxedPrice: { totalNet: eur(1690), totalGross: eur(1808) },
      shippingAddress: { country: 'DE', state: stateB },
      shippingInfo: { price: eur(690), shippingMethod: { id: method.id } },
    });
    expect(result.messagePayloads.map((message) => message.type)).toEqual([
      'OrderShippingAddressSet',
      'OrderShippingInfoSet',
    ]);
    expect(result.messagePayloads[1]).toMatchObject({
      shippingInfo: { price: eur(690) },
      oldShippingInfo: { price: eur(490) },
    });
  });

  it('a failing staged action is a PreviewFailure with the API error; a malformed one, an unknown order or one not of inventory mode None is refused', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, [{ action: 'addDiscountCode', code: uniqueKey('NO-SUCH-CODE') }]);
    const result = edit.result as OrderEditPreviewFailure;
    expect(result.type).toBe('PreviewFailure');
    expect(result.errors).toEqual([expect.objectContaining({ code: 'DiscountCodeNonApplicable' })]);

    const malformed = await failure(
      edits()
        .post({
          body: {
            resource: { typeId: 'order', id: order.id },
            stagedActions: [
              { action: 'changeLineItemQuantity' } as never,
              { action: 'noSuchAction' } as never,
            ],
          },
        })
        .execute(),
    );
    expect(malformed).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
    const unknownOrder = await failure(
      edits()
        .post({ body: { resource: { typeId: 'order', id: 'no-such-order' } } })
        .execute(),
    );
    expect(unknownOrder).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
    // Order Edits need the inventory mode None (SDK "Create OrderEdit"; checkout facts 4.15).
    await api
      .inventory()
      .post({ body: { sku, quantityOnStock: 100 } })
      .execute();
    const tracked = await createCart({
      country: 'DE',
      shippingAddress: { country: 'DE', state: stateA },
      lineItems: [{ sku, quantity: 1 }],
      inventoryMode: 'TrackOnly',
    });
    const trackedOrder = (
      await api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: tracked.id }, version: tracked.version } })
        .execute()
    ).body;
    const notNone = await failure(
      edits()
        .post({ body: { resource: { typeId: 'order', id: trackedOrder.id } } })
        .execute(),
    );
    expect(notNone).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    const empty = await edits()
      .post({ body: { resource: { typeId: 'order', id: order.id } } })
      .execute();
    expect(empty.body).toMatchObject({ stagedActions: [], result: { type: 'NotProcessed' } });
  });

  it('dryRun answers the edit with its preview and stores nothing', async () => {
    const order = await newOrder();
    const key = uniqueKey('dry');
    const { statusCode, body } = await edits()
      .post({
        body: {
          key,
          resource: { typeId: 'order', id: order.id },
          stagedActions: bothKinds(order),
          dryRun: true,
        },
      })
      .execute();
    expect(statusCode).toBe(201);
    expect(body.result).toMatchObject({ type: 'PreviewSuccess', preview: { totalPrice: eur(3190) } });
    expect((await failure(edits().withKey({ key }).get().execute()))?.statusCode).toBe(404);
    expect((await failure(edits().withId({ ID: body.id }).get().execute()))?.statusCode).toBe(404);

    const edit = await createEdit(order, [], uniqueKey('dry'));
    const dry = await edits()
      .withId({ ID: edit.id })
      .post({
        body: {
          version: edit.version,
          dryRun: true,
          actions: [{ action: 'setStagedActions', stagedActions: bothKinds(order) }],
        },
      })
      .execute();
    expect(dry.body.result).toMatchObject({ type: 'PreviewSuccess', preview: { totalPrice: eur(3190) } });
    const stored = (await edits().withId({ ID: edit.id }).get().execute()).body;
    expect(stored).toMatchObject({ version: 1, stagedActions: [], result: { type: 'NotProcessed' } });
  });

  it('update actions: staged actions (preview again), comment, key, query, key addressing, delete', async () => {
    const order = await newOrder();
    const key = uniqueKey('edit');
    const edit = await createEdit(order, [], key);
    const updated = (
      await edits()
        .withKey({ key })
        .post({
          body: {
            version: edit.version,
            actions: [
              {
                action: 'addStagedAction',
                stagedAction: {
                  action: 'changeLineItemQuantity',
                  lineItemId: order.lineItems[0].id,
                  quantity: 3,
                },
              },
              { action: 'setComment', comment: 'customer called' },
            ],
          },
        })
        .execute()
    ).body;
    expect(updated).toMatchObject({
      version: 2,
      comment: 'customer called',
      result: {
        type: 'PreviewSuccess',
        // 3 x 9.00 at state A: 27.00 + 4.90 net; tax 5.13 + 0.93.
        preview: { totalPrice: eur(3190), taxedPrice: { totalGross: eur(3796) } },
      },
    });
    const newKey = uniqueKey('edit');
    const renamed = (
      await edits()
        .withId({ ID: edit.id })
        .post({
          body: {
            version: updated.version,
            actions: [
              { action: 'setKey', key: newKey },
              { action: 'setStagedActions', stagedActions: [] },
            ],
          },
        })
        .execute()
    ).body;
    expect(renamed).toMatchObject({ key: newKey, stagedActions: [], result: { type: 'NotProcessed' } });
    const duplicate = await failure(
      edits()
        .post({ body: { key: newKey, resource: { typeId: 'order', id: order.id } } })
        .execute(),
    );
    expect(duplicate).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'key' } });
    const expanded = await edits()
      .withKey({ key: newKey })
      .get({ queryArgs: { expand: ['resource'] } })
      .execute();
    expect(expanded.body.resource.obj).toMatchObject({ id: order.id, version: order.version });
    const page = await edits()
      .get({ queryArgs: { where: `resource(id = "${order.id}")` } })
      .execute();
    expect(page.body.results.map((found) => found.id)).toEqual([edit.id]);
    expect((await edits().withKey({ key: newKey }).head().execute()).statusCode).toBe(200);
    const stale = await failure(
      edits()
        .withKey({ key: newKey })
        .post({ body: { version: 1, actions: [{ action: 'setComment', comment: 'x' }] } })
        .execute(),
    );
    expect(stale).toMatchObject({ statusCode: 409, code: 'ConcurrentModification' });
    const deleted = await edits()
      .withKey({ key: newKey })
      .delete({ queryArgs: { version: renamed.version } })
      .execute();
    expect(deleted.body.id).toBe(edit.id);
    expect((await failure(edits().withId({ ID: edit.id }).get().execute()))?.statusCode).toBe(404);
  });

  it('apply: versions checked, the order changed in one step with its Messages, Applied, never again', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, bothKinds(order));
    const apply = (editVersion: number, resourceVersion: number) =>
      edits().withId({ ID: edit.id }).apply().post({ body: { editVersion, resourceVersion } }).execute();

    const staleOrder = await failure(apply(edit.version, order.version + 1));
    expect(staleOrder).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: order.version },
    });
    const staleEdit = await failure(apply(edit.version + 1, order.version));
    expect(staleEdit).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: edit.version },
    });
    expect((await api.orders().withId({ ID: order.id }).get().execute()).body.version).toBe(order.version);

    const { statusCode, body: applied } = await apply(edit.version, order.version);
    expect(statusCode).toBe(200);
    const result = applied.result as OrderEditApplied;
    expect(applied.version).toBe(edit.version + 1);
    expect(result).toMatchObject({
      type: 'Applied',
      excerptBeforeEdit: {
        version: order.version,
        totalPrice: eur(1490),
        taxedPrice: { totalNet: eur(1490), totalGross: eur(1773) },
      },
      excerptAfterEdit: {
        version: order.version + 1,
        totalPrice: eur(3190),
        taxedPrice: { totalNet: eur(3190), totalGross: eur(3413) },
      },
    });
    expect(Date.parse(result.appliedAt)).not.toBeNaN();

    const after = (await api.orders().withId({ ID: order.id }).get().execute()).body;
    expect(after).toMatchObject({
      version: order.version + 1,
      orderState: order.orderState,
      totalPrice: eur(3190),
      shippingAddress: { country: 'DE', state: stateB },
      shippingInfo: { deliveries: [{ items: [{ id: order.lineItems[0].id, quantity: 1 }] }] },
    });
    expect(after.lineItems[0].quantity).toBe(3);
    const messages = await messagesOf(api, order.id, 6);
    expect(messages.map((message) => message.type)).toEqual([
      'OrderCreated',
      'OrderLineItemAdded',
      'DeliveryAdded',
      'OrderShippingAddressSet',
      'OrderShippingInfoSet',
      'OrderEditApplied',
    ]);
    expect(messages[5]).toMatchObject({
      resource: { typeId: 'order', id: order.id },
      resourceVersion: order.version + 1,
      edit: { id: edit.id },
      result: { type: 'Applied' },
    });

    const again = await failure(apply(applied.version, after.version));
    expect(again).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    const restage = await failure(
      edits()
        .withId({ ID: edit.id })
        .post({
          body: { version: applied.version, actions: [{ action: 'setStagedActions', stagedActions: [] }] },
        })
        .execute(),
    );
    expect(restage).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });

  it('apply of staged actions that fail on the order now is EditPreviewFailed, nothing written', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, [
      { action: 'removeLineItem', lineItemId: order.lineItems[0].id },
      { action: 'addDiscountCode', code: uniqueKey('NO-SUCH-CODE') },
    ]);
    expect(edit.result.type).toBe('PreviewFailure');
    const refused = await failure(
      edits()
        .withId({ ID: edit.id })
        .apply()
        .post({ body: { editVersion: edit.version, resourceVersion: order.version } })
        .execute(),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      error: {
        code: 'EditPreviewFailed',
        result: {
          type: 'PreviewFailure',
          errors: [expect.objectContaining({ code: 'DiscountCodeNonApplicable' })],
        },
      },
    });
    const stored = (await api.orders().withId({ ID: order.id }).get().execute()).body;
    expect(stored).toMatchObject({ version: order.version, totalPrice: eur(1490) });
    expect(stored.lineItems).toHaveLength(1);
    expect((await edits().withId({ ID: edit.id }).get().execute()).body.version).toBe(edit.version);
  });

  it('scopes: view_order_edits reads, manage_order_edits writes, the order scopes are not enough', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, []);
    const viewer = await sdk([`view_order_edits:${projectKey}`]);
    expect((await viewer.orders().edits().withId({ ID: edit.id }).get().execute()).body.id).toBe(edit.id);
    expect(
      (
        await failure(
          viewer
            .orders()
            .edits()
            .post({ body: { resource: { typeId: 'order', id: order.id } } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(403);
    expect(
      (
        await failure(
          viewer
            .orders()
            .edits()
            .withId({ ID: edit.id })
            .apply()
            .post({ body: { editVersion: 1, resourceVersion: order.version } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(403);
    const orders = await sdk([`manage_orders:${projectKey}`]);
    expect((await failure(orders.orders().edits().get().execute()))?.statusCode).toBe(403);
    const manager = await sdk([`manage_order_edits:${projectKey}`]);
    const created = await manager
      .orders()
      .edits()
      .post({ body: { resource: { typeId: 'order', id: order.id } } })
      .execute();
    expect(created.statusCode).toBe(201);
  });

  it('matching-orderedit: the methods for the preview at a location; a failed preview is EditPreviewFailed', async () => {
    const order = await newOrder();
    const edit = await createEdit(order, bothKinds(order));
    const matching = (orderEditId: string, state: string) =>
      api
        .shippingMethods()
        .matchingOrderedit()
        .get({ queryArgs: { orderEditId, country: 'DE', state } })
        .execute();
    const found = (await matching(edit.id, stateB)).body;
    expect(found.results.map((m) => m.id)).toContain(method.id);
    const mine = found.results.find((m) => m.id === method.id);
    expect(mine?.zoneRates).toHaveLength(1);
    expect(mine?.zoneRates[0].shippingRates).toEqual([
      expect.objectContaining({ price: expect.objectContaining(eur(690)), isMatching: true }),
    ]);
    const exists = (orderEditId: string, state: string) =>
      api
        .shippingMethods()
        .matchingOrderedit()
        .head({ queryArgs: { orderEditId, country: 'DE', state } })
        .execute();
    expect((await exists(edit.id, stateB)).statusCode).toBe(200);
    expect((await failure(exists(edit.id, uniqueKey('state'))))?.statusCode).toBe(404);
    const failed = await createEdit(order, [{ action: 'addDiscountCode', code: uniqueKey('NO-SUCH-CODE') }]);
    expect(await failure(matching(failed.id, stateB))).toMatchObject({
      statusCode: 400,
      code: 'EditPreviewFailed',
    });
    expect(await failure(matching('no-such-edit', stateB))).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
  });

  it('GraphQL: orderEdit(s), createOrderEdit with staged actions in the live form, updateOrderEdit (and dryRun), deleteOrderEdit', async () => {
    const order = await newOrder();
    const key = uniqueKey('gql-edit');
    const { createOrderEdit: created } = await data(
      api,
      `mutation ($draft: OrderEditDraft!) {
        createOrderEdit(draft: $draft) {
          id version key resourceRef { id }
          result { type ... on PreviewSuccess { preview { totalPrice { currencyCode centAmount } customerEmail } } }
        }
      }`,
      {
        draft: {
          key,
          resource: { typeId: 'order', id: order.id },
          stagedActions: [
            { changeLineItemQuantity: { lineItemId: order.lineItems[0].id, quantity: 3 } },
            { setCustomerEmail: { email: 'edited@example.com' } },
          ],
        },
      },
    );
    expect(created).toMatchObject({
      key,
      version: 1,
      resourceRef: { id: order.id },
      result: {
        type: 'PreviewSuccess',
        preview: { totalPrice: eur(3190), customerEmail: 'edited@example.com' },
      },
    });
    const read = await data(
      api,
      `query ($id: String, $where: String) {
        orderEdit(id: $id) { id stagedActions resource { id } }
        orderEdits(where: $where) { total results { id key } }
      }`,
      { id: created.id, where: `key = "${key}"` },
    );
    expect(read.orderEdit).toMatchObject({ id: created.id, resource: { id: order.id } });
    expect(read.orderEdit.stagedActions).toEqual([
      { action: 'changeLineItemQuantity', lineItemId: order.lineItems[0].id, quantity: 3 },
      { action: 'setCustomerEmail', email: 'edited@example.com' },
    ]);
    expect(read.orderEdits).toEqual({ total: 1, results: [{ id: created.id, key }] });
    const { updateOrderEdit: updated } = await data(
      api,
      `mutation ($key: String, $version: Long!, $actions: [OrderEditUpdateAction!]!) {
        updateOrderEdit(key: $key, version: $version, actions: $actions) {
          version comment
          result { type ... on PreviewSuccess { preview { taxedPrice { totalGross { currencyCode centAmount } } } } }
        }
      }`,
      {
        key,
        version: 1,
        actions: [
          { setComment: { comment: 'by GraphQL' } },
          {
            addStagedAction: {
              stagedAction: { setShippingAddress: { address: { country: 'DE', state: stateB } } },
            },
          },
        ],
      },
    );
    expect(updated).toMatchObject({
      version: 2,
      comment: 'by GraphQL',
      result: { type: 'PreviewSuccess', preview: { taxedPrice: { totalGross: eur(3413) } } },
    });
    const { updateOrderEdit: dry } = await data(
      api,
      `mutation ($id: String, $actions: [OrderEditUpdateAction!]!) {
        updateOrderEdit(id: $id, version: 2, actions: $actions, dryRun: true) { version comment }
      }`,
      { id: created.id, actions: [{ setComment: { comment: 'not stored' } }] },
    );
    expect(dry).toEqual({ version: 2, comment: 'not stored' });
    const stored = await data(api, `query ($id: String) { orderEdit(id: $id) { version comment } }`, {
      id: created.id,
    });
    expect(stored.orderEdit).toEqual({ version: 2, comment: 'by GraphQL' });
    const { deleteOrderEdit: deleted } = await data(
      api,
      `mutation ($id: String, $version: Long!) { deleteOrderEdit(id: $id, version: $version) { id } }`,
      { id: created.id, version: 2 },
    );
    expect(deleted.id).toBe(created.id);
  });

  it("GraphQL: an edit's result as the live schema types it (NotProcessed, PreviewSuccess, PreviewFailure, Applied), the same as REST's", async () => {
    const order = await newOrder();
    const resultOf = async (id: string) =>
      (
        await data(
          api,
          `query ($id: String) {
            orderEdit(id: $id) {
              id version
              result {
                type
                ... on PreviewSuccess {
                  preview { totalPrice { centAmount } lineItems { quantity } }
                  messagePayloads { type }
                }
                ... on PreviewFailure { errors }
                ... on Applied {
                  appliedAt
                  excerptBeforeEdit { totalPrice { centAmount } version }
                  excerptAfterEdit { version }
                }
              }
            }
          }`,
          { id },
        )
      ).orderEdit;

    const empty = await createEdit(order, []);
    expect(await resultOf(empty.id)).toEqual({
      id: empty.id,
      version: empty.version,
      result: { type: 'NotProcessed' },
    });

    const edit = await createEdit(order, bothKinds(order));
    const success = edit.result as OrderEditPreviewSuccess;
    expect(success.type).toBe('PreviewSuccess');
    expect(success.messagePayloads.length).toBeGreaterThan(0);
    expect(await resultOf(edit.id)).toEqual({
      id: edit.id,
      version: edit.version,
      result: {
        type: 'PreviewSuccess',
        preview: {
          totalPrice: { centAmount: success.preview.totalPrice.centAmount },
          lineItems: success.preview.lineItems.map(({ quantity }) => ({ quantity })),
        },
        messagePayloads: success.messagePayloads.map(({ type }) => ({ type })),
      },
    });

    // Every payload is one type here (docs/GRAPHQL.md), the whole payload in `value`, as REST answers it.
    const raw = await data(
      api,
      `query ($id: String) {
        orderEdit(id: $id) {
          result { ... on PreviewSuccess { messagePayloads { ... on RawOrderMessagePayload { value } } } }
        }
      }`,
      { id: edit.id },
    );
    expect(raw.orderEdit.result.messagePayloads).toEqual(success.messagePayloads.map((value) => ({ value })));

    const failed = await createEdit(order, [{ action: 'addDiscountCode', code: uniqueKey('NO-SUCH-CODE') }]);
    const previewFailure = failed.result as OrderEditPreviewFailure;
    expect(previewFailure.type).toBe('PreviewFailure');
    expect(await resultOf(failed.id)).toEqual({
      id: failed.id,
      version: failed.version,
      result: { type: 'PreviewFailure', errors: previewFailure.errors },
    });

    const applied = (
      await edits()
        .withId({ ID: edit.id })
        .apply()
        .post({ body: { editVersion: edit.version, resourceVersion: order.version } })
        .execute()
    ).body;
    const done = applied.result as OrderEditApplied;
    expect(done.type).toBe('Applied');
    expect(await resultOf(edit.id)).toEqual({
      id: edit.id,
      version: applied.version,
      result: {
        type: 'Applied',
        appliedAt: done.appliedAt,
        excerptBeforeEdit: {
          totalPrice: { centAmount: done.excerptBeforeEdit.totalPrice.centAmount },
          version: done.excerptBeforeEdit.version,
        },
        excerptAfterEdit: { version: done.excerptAfterEdit.version },
      },
    });
    const { orderEdits } = await data(
      api,
      `query ($where: String) { orderEdits(where: $where) { results { id } } }`,
      { where: `resource(id = "${order.id}") and result(type = "Applied")` },
    );
    expect(orderEdits.results).toEqual([{ id: edit.id }]);
  });
});
