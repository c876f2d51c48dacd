import type { Order, OrderImportDraft, OrderUpdateAction, TypeDraft } from '@commercetools/platform-sdk';
import { clientToken, createClient, createStore } from '../auth/auth-helpers.js';
import { failure, sdkWithToken } from '../customers/customer-helpers.js';
import { typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { customerApi, messagesOf, storefrontClient, type Api } from './checkout-sdk.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/** An order from another system: one line item and one custom line item, shipping info, as given. */
function importDraft(extra: Partial<OrderImportDraft> = {}): OrderImportDraft {
  return {
    orderNumber: uniqueKey('N'),
    totalPrice: eur(2500),
    lineItems: [
      {
        name: { en: 'Shirt' },
        key: 'shirt',
        variant: { sku: uniqueKey('sku') },
        quantity: 2,
        price: { value: eur(1000) },
      },
    ],
    customLineItems: [{ name: { en: 'Gift wrap' }, slug: 'gift-wrap', quantity: 1, money: eur(500) }],
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingInfo: {
      shippingMethodName: 'Standard',
      price: eur(0),
      shippingRate: { price: eur(0) },
    },
    ...extra,
  };
}

describe('Orders', () => {
  let api: Api;

  beforeAll(async () => {
    api = await sdk();
  });

  async function imported(extra: Partial<OrderImportDraft> = {}): Promise<Order> {
    const { statusCode, body } = await api
      .orders()
      .importOrder()
      .post({ body: importDraft(extra) })
      .execute();
    expect(statusCode).toBe(201);
    return body;
  }

  async function update(order: Order, ...actions: OrderUpdateAction[]): Promise<Order> {
    const { body } = await api
      .orders()
      .withId({ ID: order.id })
      .post({ body: { version: order.version, actions } })
      .execute();
    return body;
  }

  it('imports an order as given (no recalculation), OrderImported, unique order numbers', async () => {
    const order = await imported({
      orderState: 'Confirmed',
      paymentState: 'Paid',
      completedAt: '2026-01-05T00:00:00.000Z',
    });
    expect(order).toMatchObject({
      version: 1,
      orderState: 'Confirmed',
      paymentState: 'Paid',
      completedAt: '2026-01-05T00:00:00.000Z',
      totalPrice: { centAmount: 2500, currencyCode: 'EUR' },
      shippingAddress: { country: 'DE', city: 'Berlin' },
      shippingInfo: { shippingMethodName: 'Standard', deliveries: [] },
      syncInfo: [],
      returnInfo: [],
      origin: 'Customer',
    });
    expect(order.lineItems[0]).toMatchObject({ key: 'shirt', quantity: 2, totalPrice: { centAmount: 2000 } });
    expect(order.lineItems[0].state).toEqual([
      { quantity: 2, state: { typeId: 'state', id: expect.any(String) } },
    ]);
    expect(order.customLineItems[0]).toMatchObject({ slug: 'gift-wrap', totalPrice: { centAmount: 500 } });

    const byNumber = await api.orders().withOrderNumber({ orderNumber: order.orderNumber! }).get().execute();
    expect(byNumber.body.id).toBe(order.id);
    const page = await api
      .orders()
      .get({ queryArgs: { where: `orderNumber = "${order.orderNumber}"` } })
      .execute();
    expect(page.body.results.map((o) => o.id)).toEqual([order.id]);
    const [message] = await messagesOf(api, order.id, 1);
    expect(message).toMatchObject({ type: 'OrderImported', order: { id: order.id } });

    const duplicate = await failure(
      api
        .orders()
        .importOrder()
        .post({ body: importDraft({ orderNumber: order.orderNumber }) })
        .execute(),
    );
    expect(duplicate).toMatchObject({
      statusCode: 400,
      error: { code: 'DuplicateField', field: 'orderNumber' },
    });
    const empty = await failure(
      api
        .orders()
        .importOrder()
        .post({ body: { totalPrice: eur(1) } })
        .execute(),
    );
    expect(empty).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
  });

  it('states, deliveries, parcels, returns, payments, sync info and custom fields with their Messages', async () => {
    let order = await imported();
    const [lineItem] = order.lineItems;
    const type = (
      await api
        .types()
        .post({ body: typeDraft(['order', 'order-delivery', 'line-item']) as TypeDraft })
        .execute()
    ).body;
    const done = (
      await api
        .states()
        .post({ body: { key: uniqueKey('done'), type: 'OrderState' } })
        .execute()
    ).body;
    const packed = (
      await api
        .states()
        .post({ body: { key: uniqueKey('packed'), type: 'LineItemState' } })
        .execute()
    ).body;
    const erp = (
      await api
        .channels()
        .post({ body: { key: uniqueKey('erp'), roles: ['OrderExport'] } })
        .execute()
    ).body;
    const payment = (
      await api
        .payments()
        .post({ body: { amountPlanned: eur(2500) } })
        .execute()
    ).body;

    order = await update(
      order,
      { action: 'changeOrderState', orderState: 'Complete' },
      { action: 'changeShipmentState', shipmentState: 'Shipped' },
      { action: 'changePaymentState', paymentState: 'Paid' },
      { action: 'transitionState', state: { typeId: 'state', key: done.key } },
      {
        action: 'transitionLineItemState',
        lineItemId: lineItem.id,
        quantity: 1,
        fromState: { typeId: 'state', key: 'Initial' },
        toState: { typeId: 'state', key: packed.key },
      },
      {
        action: 'addDelivery',
        deliveryKey: 'd1',
        items: [{ id: lineItem.id, quantity: 2 }],
        parcels: [{ key: 'p1' }],
      },
      {
        action: 'setParcelTrackingData',
        parcelKey: 'p1',
        trackingData: { trackingId: 'T-1', carrier: 'DHL' },
      },
      { action: 'setDeliveryCustomType', deliveryKey: 'd1', type: { typeId: 'type', key: type.key } },
      {
        action: 'addReturnInfo',
        items: [{ quantity: 1, lineItemId: lineItem.id, shipmentState: 'Returned', key: 'r1' }],
      },
      { action: 'setReturnPaymentState', returnItemKey: 'r1', paymentState: 'Refunded' },
      { action: 'addPayment', payment: { typeId: 'payment', id: payment.id } },
      { action: 'updateSyncInfo', channel: { typeId: 'channel', key: erp.key }, externalId: 'ERP-1' },
      { action: 'setCustomType', type: { typeId: 'type', key: type.key }, fields: { note: 'rush' } },
      { action: 'setLineItemCustomType', lineItemKey: 'shirt', type: { typeId: 'type', key: type.key } },
      { action: 'setLineItemCustomField', lineItemKey: 'shirt', name: 'rank', value: 2 },
      { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-7' },
    );
    expect(order).toMatchObject({
      version: 2,
      orderState: 'Complete',
      shipmentState: 'Shipped',
      paymentState: 'Paid',
      state: { typeId: 'state', id: done.id },
      paymentInfo: { payments: [{ typeId: 'payment', id: payment.id }] },
      syncInfo: [{ channel: { typeId: 'channel', id: erp.id }, externalId: 'ERP-1' }],
      custom: { fields: { note: 'rush' } },
      purchaseOrderNumber: 'PO-7',
    });
    expect(order.lineItems[0].state).toEqual(
      expect.arrayContaining([{ quantity: 1, state: { typeId: 'state', id: packed.id } }]),
    );
    expect(order.lineItems[0].custom?.fields).toEqual({ rank: 2 });
    expect(order.shippingInfo?.deliveries?.[0]).toMatchObject({
      key: 'd1',
      parcels: [{ key: 'p1', trackingData: { trackingId: 'T-1', carrier: 'DHL' } }],
      custom: { type: { id: type.id } },
    });
    expect(order.returnInfo?.[0].items[0]).toMatchObject({
      shipmentState: 'Returned',
      paymentState: 'Refunded',
    });
    const types = (await messagesOf(api, order.id, 13)).map((m) => m.type);
    expect(types).toEqual([
      'OrderImported',
      'OrderStateChanged',
      'OrderShipmentStateChanged',
      'OrderPaymentStateChanged',
      'OrderStateTransition',
      'LineItemStateTransition',
      'DeliveryAdded',
      'ParcelTrackingDataUpdated',
      'DeliveryCustomTypeSet',
      'ReturnInfoAdded',
      'OrderPaymentAdded',
      'OrderCustomTypeSet',
      'OrderPurchaseOrderNumberSet',
    ]);

    const stale = await failure(
      api
        .orders()
        .withOrderNumber({ orderNumber: order.orderNumber! })
        .post({ body: { version: 1, actions: [{ action: 'setLocale', locale: 'de' }] } })
        .execute(),
    );
    expect(stale).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: 2 },
    });
    const warehouse = (
      await api
        .channels()
        .post({ body: { key: uniqueKey('wh') } })
        .execute()
    ).body;
    const syncTo = async (channel: { typeId: 'channel'; id: string }) =>
      failure(
        api
          .orders()
          .withId({ ID: order.id })
          .post({ body: { version: 2, actions: [{ action: 'updateSyncInfo', channel }] } })
          .execute(),
      );
    expect(await syncTo({ typeId: 'channel', id: warehouse.id })).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput' },
    });
    expect(await syncTo({ typeId: 'channel', id: payment.id })).toMatchObject({
      statusCode: 400,
      error: { code: 'ReferencedResourceNotFound' },
    });
  });

  it('deletes by id or order number (also with dataErasure), OrderDeleted', async () => {
    const order = await imported();
    const deleted = await api
      .orders()
      .withOrderNumber({ orderNumber: order.orderNumber! })
      .delete({ queryArgs: { version: 1, dataErasure: true } })
      .execute();
    expect(deleted.body.id).toBe(order.id);
    expect((await failure(api.orders().withId({ ID: order.id }).get().execute())).statusCode).toBe(404);
  });

  it('checks the order scopes: view_orders reads, manage_orders writes', async () => {
    const order = await imported();
    const viewer = await sdkWithToken(await clientToken(await createClient(['view_orders:{pk}'])));
    expect((await viewer.orders().withId({ ID: order.id }).get().execute()).body.id).toBe(order.id);
    const refused = await failure(
      viewer
        .orders()
        .withId({ ID: order.id })
        .post({ body: { version: 1, actions: [{ action: 'setLocale', locale: 'de' }] } })
        .execute(),
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await failure(viewer.orders().importOrder().post({ body: importDraft() }).execute())).statusCode,
    ).toBe(403);
  });

  it('in a Store: only its orders, 404 for another Store', async () => {
    const storeKey = await createStore();
    const other = await createStore();
    const inStore = await imported({ store: { typeId: 'store', key: storeKey } });
    const outside = await imported();
    const store = api.inStoreKeyWithStoreKeyValue({ storeKey });
    expect((await store.orders().withId({ ID: inStore.id }).get().execute()).body.store).toEqual({
      typeId: 'store',
      key: storeKey,
    });
    expect(
      (await store.orders().withOrderNumber({ orderNumber: inStore.orderNumber! }).get().execute()).body.id,
    ).toBe(inStore.id);
    const page = await store
      .orders()
      .get({ queryArgs: { limit: 500 } })
      .execute();
    expect(page.body.results.map((o) => o.id)).toEqual([inStore.id]);
    expect((await failure(store.orders().withId({ ID: outside.id }).get().execute())).statusCode).toBe(404);
    const elsewhere = api.inStoreKeyWithStoreKeyValue({ storeKey: other });
    const moved = await failure(
      elsewhere
        .orders()
        .withId({ ID: inStore.id })
        .post({ body: { version: 1, actions: [{ action: 'setLocale', locale: 'de' }] } })
        .execute(),
    );
    expect(moved.statusCode).toBe(404);
    const storeScoped = await sdkWithToken(
      await clientToken(await createClient([`view_orders:{pk}:${storeKey}`])),
    );
    expect(
      (
        await storeScoped
          .inStoreKeyWithStoreKeyValue({ storeKey })
          .orders()
          .withId({ ID: inStore.id })
          .get()
          .execute()
      ).body.id,
    ).toBe(inStore.id);
  });

  it('/me/orders: a customer reads only their own orders', async () => {
    const client = await storefrontClient();
    const alice = await customerApi(client);
    const bob = await customerApi(client);
    const mine = await imported({ customerId: alice.customerId });
    const theirs = await imported({ customerId: bob.customerId });
    const list = await alice.api.me().orders().get().execute();
    expect(list.body.results.map((o) => o.id)).toEqual([mine.id]);
    expect((await alice.api.me().orders().withId({ ID: mine.id }).get().execute()).body.id).toBe(mine.id);
    const foreign = await failure(alice.api.me().orders().withId({ ID: theirs.id }).get().execute());
    expect(foreign).toMatchObject({ statusCode: 404, error: { code: 'ResourceNotFound' } });
    expect((await failure(alice.api.orders().withId({ ID: mine.id }).get().execute())).statusCode).toBe(403);
  });
});
