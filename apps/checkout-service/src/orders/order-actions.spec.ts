import { builtInStateId, type Order } from '@commerce/contracts';
import { applyActions, errorOf, memoryResolver } from '../../test/action-fixtures.js';
import { orderAddressActions } from './order-address-actions.js';
import { orderDeliveryActions } from './order-delivery-actions.js';
import { orderOtherActions } from './order-other-actions.js';
import { orderReturnActions } from './order-return-actions.js';
import { orderStateActions } from './order-state-actions.js';

const states = [
  {
    id: 's-picked',
    key: 'picked',
    type: 'LineItemState',
    transitions: [{ typeId: 'state', id: 's-shipped' }],
  },
  { id: 's-shipped', key: 'shipped', type: 'LineItemState', transitions: [] },
  { id: 's-open', key: 'open', type: 'OrderState', transitions: [{ typeId: 'state', id: 's-done' }] },
  { id: 's-done', key: 'done', type: 'OrderState', transitions: [] },
  { id: 's-other', key: 'other', type: 'OrderState' },
];
const resolver = memoryResolver({
  state: states,
  channel: [
    { id: 'ch-export', key: 'erp', roles: ['OrderExport'] },
    { id: 'ch-supply', key: 'warehouse', roles: ['InventorySupply'] },
  ],
  store: [{ id: 'st-1', key: 'berlin' }],
  customer: [{ id: 'cu-1' }],
});
const table = {
  ...orderStateActions(resolver),
  ...orderDeliveryActions(resolver),
  ...orderReturnActions(resolver),
  ...orderAddressActions(resolver),
  ...orderOtherActions(resolver),
};
const money = { type: 'centPrecision' as const, currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 };
const order = {
  id: 'o1',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
  lineItems: [
    {
      id: 'li-1',
      key: 'shirt',
      quantity: 3,
      state: [{ quantity: 3, state: { typeId: 'state', id: 'Initial' } }],
    },
  ],
  customLineItems: [{ id: 'cli-1', quantity: 1, state: [] }],
  totalPrice: money,
  shippingMode: 'Single',
  shippingInfo: {
    shippingMethodName: 'Standard',
    price: money,
    shippingRate: { price: money, tiers: [] },
    shippingMethodState: 'MatchesCart',
  },
  shipping: [],
  itemShippingAddresses: [],
  discountCodes: [],
  directDiscounts: [],
  refusedGifts: [],
  origin: 'Customer',
  orderState: 'Open',
  syncInfo: [],
  returnInfo: [],
} as unknown as Order;
const apply = (raw: object[], from: Order = order) => applyActions(table, from, raw);

describe('Order update actions', () => {
  it('changes the order, payment and shipment states once each, with their Messages', async () => {
    const { resource, messages } = await apply([
      { action: 'changeOrderState', orderState: 'Confirmed' },
      { action: 'changePaymentState', paymentState: 'Paid' },
      { action: 'changeShipmentState', shipmentState: 'Shipped' },
      { action: 'changeOrderState', orderState: 'Confirmed' },
    ]);
    expect(resource).toMatchObject({
      orderState: 'Confirmed',
      paymentState: 'Paid',
      shipmentState: 'Shipped',
    });
    expect(messages).toEqual([
      { type: 'OrderStateChanged', orderState: 'Confirmed', oldOrderState: 'Open' },
      { type: 'OrderPaymentStateChanged', paymentState: 'Paid' },
      { type: 'OrderShipmentStateChanged', shipmentState: 'Shipped' },
    ]);
  });

  it('transitionState follows the transitions unless forced, and refuses another type of State', async () => {
    const opened = (await apply([{ action: 'transitionState', state: { key: 'open' } }])).resource;
    expect(opened.state).toEqual({ typeId: 'state', id: 's-open' });
    expect(
      await errorOf(apply([{ action: 'transitionState', state: { key: 'other' } }], opened)),
    ).toMatchObject({
      code: 'InvalidOperation',
    });
    const forced = await apply([{ action: 'transitionState', state: { key: 'other' }, force: true }], opened);
    expect(forced.messages).toEqual([
      {
        type: 'OrderStateTransition',
        state: { typeId: 'state', id: 's-other' },
        oldState: { typeId: 'state', id: 's-open' },
        force: true,
      },
    ]);
    expect(await errorOf(apply([{ action: 'transitionState', state: { key: 'picked' } }]))).toMatchObject({
      code: 'InvalidOperation',
    });
  });

  it('moves line item quantities between States and refuses more than the State holds', async () => {
    const { resource, messages } = await apply([
      {
        action: 'transitionLineItemState',
        lineItemKey: 'shirt',
        quantity: 2,
        fromState: { key: 'Initial' },
        toState: { key: 'picked' },
        actualTransitionDate: '2026-03-01T00:00:00.000Z',
      },
    ]);
    expect(resource.lineItems[0].state).toEqual([
      { quantity: 1, state: { typeId: 'state', id: builtInStateId('p1', 'Initial') } },
      { quantity: 2, state: { typeId: 'state', id: 's-picked' } },
    ]);
    expect(messages[0]).toMatchObject({
      type: 'LineItemStateTransition',
      lineItemId: 'li-1',
      lineItemKey: 'shirt',
      quantity: 2,
      transitionDate: '2026-03-01T00:00:00.000Z',
    });
    const tooMany = {
      action: 'transitionLineItemState',
      lineItemId: 'li-1',
      quantity: 3,
      fromState: { key: 'picked' },
      toState: { key: 'shipped' },
    };
    expect(await errorOf(apply([tooMany], resource))).toMatchObject({ code: 'InvalidOperation' });
    const imported = await apply([
      {
        action: 'importLineItemState',
        lineItemId: 'li-1',
        state: [{ quantity: 3, state: { key: 'shipped' } }],
      },
    ]);
    expect(imported.resource.lineItems[0].state).toEqual([
      { quantity: 3, state: { typeId: 'state', id: 's-shipped' } },
    ]);
    expect(
      await errorOf(
        apply([
          {
            action: 'importLineItemState',
            lineItemId: 'li-1',
            state: [{ quantity: 1, state: { key: 'shipped' } }],
          },
        ]),
      ),
    ).toMatchObject({ code: 'InvalidOperation' });
  });

  it('adds deliveries with parcels, changes and removes them with their Messages', async () => {
    const added = await apply([
      {
        action: 'addDelivery',
        deliveryKey: 'd1',
        items: [{ id: 'li-1', quantity: 2 }],
        address: { country: 'DE', city: 'Berlin' },
        parcels: [{ key: 'p1', trackingData: { trackingId: 'T1' } }],
      },
    ]);
    const delivery = added.resource.shippingInfo!.deliveries![0];
    expect(delivery).toMatchObject({
      key: 'd1',
      items: [{ id: 'li-1', quantity: 2 }],
      address: { country: 'DE' },
    });
    expect(delivery.parcels[0]).toMatchObject({ key: 'p1', trackingData: { trackingId: 'T1' } });
    expect(added.messages[0]).toMatchObject({ type: 'DeliveryAdded', delivery: { id: delivery.id } });

    const changed = await apply(
      [
        { action: 'setDeliveryItems', deliveryKey: 'd1', items: [{ id: 'li-1', quantity: 3 }] },
        { action: 'setDeliveryAddress', deliveryId: delivery.id, address: { country: 'AT' } },
        {
          action: 'addParcelToDelivery',
          deliveryKey: 'd1',
          parcelKey: 'p2',
          measurements: { weightInGram: 500 },
        },
        {
          action: 'setParcelTrackingData',
          parcelKey: 'p1',
          trackingData: { trackingId: 'T2', carrier: 'DHL' },
        },
        { action: 'setParcelMeasurements', parcelKey: 'p1', measurements: { heightInMillimeter: 10 } },
        { action: 'setParcelItems', parcelKey: 'p2', items: [{ id: 'li-1', quantity: 1 }] },
        { action: 'removeParcelFromDelivery', parcelKey: 'p1' },
      ],
      added.resource,
    );
    const after = changed.resource.shippingInfo!.deliveries![0];
    expect(after).toMatchObject({ items: [{ id: 'li-1', quantity: 3 }], address: { country: 'AT' } });
    expect(after.parcels).toHaveLength(1);
    expect(after.parcels[0]).toMatchObject({
      key: 'p2',
      measurements: { weightInGram: 500 },
      items: [{ id: 'li-1', quantity: 1 }],
    });
    expect(changed.messages.map((m) => m.type)).toEqual([
      'DeliveryItemsUpdated',
      'DeliveryAddressSet',
      'ParcelAddedToDelivery',
      'ParcelTrackingDataUpdated',
      'ParcelMeasurementsUpdated',
      'ParcelItemsUpdated',
      'ParcelRemovedFromDelivery',
    ]);
    const removed = await apply([{ action: 'removeDelivery', deliveryKey: 'd1' }], changed.resource);
    expect(removed.resource.shippingInfo!.deliveries).toEqual([]);
    expect(removed.messages[0]).toMatchObject({ type: 'DeliveryRemoved' });

    expect(
      await errorOf(apply([{ action: 'addDelivery', items: [{ id: 'nope', quantity: 1 }] }])),
    ).toMatchObject({
      code: 'InvalidInput',
    });
    expect(await errorOf(apply([{ action: 'removeDelivery', deliveryKey: 'missing' }]))).toMatchObject({
      code: 'InvalidInput',
    });
    const { shippingInfo: _none, ...withoutShipping } = order;
    expect(await errorOf(apply([{ action: 'addDelivery' }], withoutShipping as Order))).toMatchObject({
      code: 'InvalidOperation',
    });
  });

  it('adds return info and sets the states of returned items', async () => {
    const added = await apply([
      {
        action: 'addReturnInfo',
        returnTrackingId: 'R1',
        items: [{ key: 'r1', quantity: 1, lineItemId: 'li-1', shipmentState: 'Advised' }],
      },
    ]);
    const item = added.resource.returnInfo[0].items[0];
    expect(item).toMatchObject({
      type: 'LineItemReturnItem',
      paymentState: 'Initial',
      shipmentState: 'Advised',
    });
    const changed = await apply(
      [
        { action: 'setReturnShipmentState', returnItemKey: 'r1', shipmentState: 'Returned' },
        { action: 'setReturnPaymentState', returnItemId: item.id, paymentState: 'Refunded' },
      ],
      added.resource,
    );
    expect(changed.resource.returnInfo[0].items[0]).toMatchObject({
      shipmentState: 'Returned',
      paymentState: 'Refunded',
    });
    expect(changed.messages).toEqual([
      { type: 'OrderReturnShipmentStateChanged', returnItemId: item.id, returnShipmentState: 'Returned' },
    ]);
    const cleared = await apply([{ action: 'setReturnInfo' }], changed.resource);
    expect(cleared.resource.returnInfo).toEqual([]);
    expect(
      await errorOf(
        apply([
          { action: 'addReturnInfo', items: [{ quantity: 1, lineItemId: 'x', shipmentState: 'Advised' }] },
        ]),
      ),
    ).toMatchObject({ code: 'InvalidInput' });
  });

  it('sets addresses, item shipping addresses, customer, numbers, store and sync info', async () => {
    const { resource, messages } = await apply([
      { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } },
      { action: 'setBillingAddress', address: { country: 'DE' } },
      { action: 'addItemShippingAddress', address: { key: 'home', country: 'DE' } },
      { action: 'updateItemShippingAddress', address: { key: 'home', country: 'AT' } },
      {
        action: 'setLineItemShippingDetails',
        lineItemId: 'li-1',
        shippingDetails: { targets: [{ addressKey: 'home', quantity: 3 }] },
      },
      { action: 'setCustomerEmail', email: 'a@example.com' },
      { action: 'setCustomerId', customerId: 'cu-1' },
      { action: 'setOrderNumber', orderNumber: 'N-1' },
      { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setStore', store: { key: 'berlin' } },
      {
        action: 'updateSyncInfo',
        channel: { key: 'erp' },
        externalId: 'E1',
        syncedAt: '2026-01-02T00:00:00.000Z',
      },
      { action: 'setEstimatedDelivery', estimatedDelivery: { from: '2026-01-03T00:00:00.000Z' } },
    ]);
    expect(resource).toMatchObject({
      shippingAddress: { country: 'DE', city: 'Berlin' },
      itemShippingAddresses: [{ key: 'home', country: 'AT' }],
      customerEmail: 'a@example.com',
      customerId: 'cu-1',
      orderNumber: 'N-1',
      purchaseOrderNumber: 'PO-1',
      locale: 'de',
      store: { typeId: 'store', key: 'berlin' },
      syncInfo: [
        {
          channel: { typeId: 'channel', id: 'ch-export' },
          externalId: 'E1',
          syncedAt: '2026-01-02T00:00:00.000Z',
        },
      ],
      shippingInfo: { estimatedDelivery: { from: '2026-01-03T00:00:00.000Z' } },
    });
    expect(resource.lineItems[0].shippingDetails).toEqual({
      targets: [{ addressKey: 'home', quantity: 3 }],
      valid: true,
    });
    expect(messages.map((m) => m.type)).toEqual([
      'OrderShippingAddressSet',
      'OrderBillingAddressSet',
      'OrderCustomerEmailSet',
      'OrderCustomerSet',
      'OrderPurchaseOrderNumberSet',
      'OrderStoreSet',
      'OrderEstimatedDeliverySet',
    ]);
    expect(
      await errorOf(apply([{ action: 'removeItemShippingAddress', addressKey: 'home' }], resource)),
    ).toMatchObject({
      code: 'InvalidOperation',
    });
    expect(await errorOf(apply([{ action: 'setStore', store: { key: 'berlin' } }], resource))).toMatchObject({
      code: 'InvalidOperation',
    });
    expect(await errorOf(apply([{ action: 'setOrderNumber', orderNumber: 'N-2' }], resource))).toMatchObject({
      code: 'InvalidOperation',
    });
    expect(await errorOf(apply([{ action: 'updateSyncInfo', channel: { key: 'warehouse' } }]))).toMatchObject(
      {
        code: 'InvalidInput',
      },
    );
    expect(await errorOf(apply([{ action: 'setCustomerId', customerId: 'missing' }]))).toMatchObject({
      code: 'ReferencedResourceNotFound',
    });
  });
});
