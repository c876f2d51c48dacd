import {
  AddDeliveryAction,
  AddParcelToDeliveryAction,
  RemoveDeliveryAction,
  RemoveParcelFromDeliveryAction,
  SetDeliveryAddressAction,
  SetDeliveryCustomFieldAction,
  SetDeliveryCustomTypeAction,
  SetDeliveryItemsAction,
  SetParcelCustomFieldAction,
  SetParcelCustomTypeAction,
  SetParcelItemsAction,
  SetParcelMeasurementsAction,
  SetParcelTrackingDataAction,
  type Order,
  type OrderDelivery,
  type Parcel,
  type ParcelDraftDto,
  type RequestContext,
} from '@commerce/contracts';
import {
  action,
  resolveCustomFields,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { Errors } from '@commerce/errors';
import { randomUUID } from 'node:crypto';
import { addressOf } from '../shared/addresses.js';
import { customPart, type CustomActionName } from '../shared/custom-parts.js';
import { withOptional } from '../shared/fields.js';
import {
  checkDeliveryItems,
  deliveriesOf,
  deliveryOf,
  parcelOf,
  withDeliveries,
  withDelivery,
  type Located,
} from './order-deliveries.js';

const shippingKeyOf = (located: { shippingKey?: string }) =>
  located.shippingKey ? { shippingKey: located.shippingKey } : {};

async function parcelFrom(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  order: Order,
  draft: ParcelDraftDto,
): Promise<Parcel> {
  const custom = await resolveCustomFields(resolver, ctx, 'order-parcel', draft.custom);
  return {
    id: randomUUID(),
    ...(draft.key ? { key: draft.key } : {}),
    createdAt: new Date().toISOString(),
    ...(draft.measurements ? { measurements: { ...draft.measurements } } : {}),
    ...(draft.trackingData ? { trackingData: { ...draft.trackingData } } : {}),
    items: checkDeliveryItems(order, draft.items),
    ...(custom ? { custom } : {}),
  };
}

function checkKeyFree(order: Order, what: 'delivery' | 'parcel', key: string | undefined): void {
  if (key === undefined) return;
  const taken = deliveriesOf(order).some(({ delivery }) =>
    what === 'delivery' ? delivery.key === key : delivery.parcels.some((p) => p.key === key),
  );
  if (taken) throw Errors.duplicateField(`${what}Key`, key);
}

/** The order with one parcel replaced in its delivery. */
function withParcel(order: Order, located: Located, parcel: Parcel): Order {
  return withDelivery(order, located, {
    ...located.delivery,
    parcels: located.delivery.parcels.map((p) => (p.id === parcel.id ? parcel : p)),
  });
}

/** Deliveries and their parcels (checkout facts 5). */
export function orderDeliveryActions(resolver: ReferenceResolver) {
  const onDelivery = customPart(resolver, 'order-delivery');
  const onAddress = customPart(resolver, 'address');
  const onParcel = customPart(resolver, 'order-parcel');

  const deliveryCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { deliveryId?: string; deliveryKey?: string }, context: ActionContext) => {
      const located = deliveryOf(order, dto);
      const { part, messages } = await onDelivery(located.delivery, name, dto, context, 'Delivery');
      return {
        resource: withDelivery(order, located, part),
        messages: messages.map((m) => ({ ...m, deliveryId: located.delivery.id })),
      };
    };

  const deliveryAddressCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { deliveryId?: string; deliveryKey?: string }, context: ActionContext) => {
      const located = deliveryOf(order, dto);
      const address = located.delivery.address;
      if (!address) throw Errors.invalidOperation('The delivery has no address; set one first.');
      const { part } = await onAddress(address, name, dto, context);
      return { resource: withDelivery(order, located, { ...located.delivery, address: part }) };
    };

  const parcelCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { parcelId?: string; parcelKey?: string }, context: ActionContext) => {
      const located = parcelOf(order, dto);
      const { part } = await onParcel(located.parcel, name, dto, context);
      return { resource: withParcel(order, located, part) };
    };

  return {
    addDelivery: action(AddDeliveryAction, async (order: Order, dto, { ctx }) => {
      checkKeyFree(order, 'delivery', dto.deliveryKey);
      const [address, custom] = await Promise.all([
        dto.address && addressOf(resolver, ctx, dto.address),
        resolveCustomFields(resolver, ctx, 'order-delivery', dto.custom),
      ]);
      const parcels: Parcel[] = [];
      for (const draft of dto.parcels ?? []) parcels.push(await parcelFrom(resolver, ctx, order, draft));
      const delivery: OrderDelivery = {
        id: randomUUID(),
        ...(dto.deliveryKey ? { key: dto.deliveryKey } : {}),
        createdAt: new Date().toISOString(),
        items: checkDeliveryItems(order, dto.items),
        parcels,
        ...(address ? { address } : {}),
        ...(custom ? { custom } : {}),
      };
      return {
        resource: withDeliveries(order, dto.shippingKey, (all) => [...all, delivery]),
        messages: [{ type: 'DeliveryAdded', delivery, ...shippingKeyOf(dto) }],
      };
    }),

    removeDelivery: action(RemoveDeliveryAction, (order: Order, dto) => {
      const located = deliveryOf(order, dto);
      return {
        resource: withDeliveries(order, located.shippingKey, (all) =>
          all.filter((d) => d.id !== located.delivery.id),
        ),
        messages: [{ type: 'DeliveryRemoved', delivery: located.delivery, ...shippingKeyOf(located) }],
      };
    }),

    setDeliveryAddress: action(SetDeliveryAddressAction, async (order: Order, dto, { ctx }) => {
      const located = deliveryOf(order, dto);
      const address = dto.address && (await addressOf(resolver, ctx, dto.address));
      return {
        resource: withDelivery(order, located, withOptional(located.delivery, 'address', address)),
        messages: [
          {
            type: 'DeliveryAddressSet',
            deliveryId: located.delivery.id,
            ...(address ? { address } : {}),
            ...(located.delivery.address ? { oldAddress: located.delivery.address } : {}),
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setDeliveryItems: action(SetDeliveryItemsAction, (order: Order, dto) => {
      const located = deliveryOf(order, dto);
      const items = checkDeliveryItems(order, dto.items);
      return {
        resource: withDelivery(order, located, { ...located.delivery, items }),
        messages: [
          {
            type: 'DeliveryItemsUpdated',
            deliveryId: located.delivery.id,
            items,
            oldItems: located.delivery.items,
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setDeliveryCustomType: action(SetDeliveryCustomTypeAction, deliveryCustom('setCustomType')),
    setDeliveryCustomField: action(SetDeliveryCustomFieldAction, deliveryCustom('setCustomField')),
    setDeliveryAddressCustomType: action(SetDeliveryCustomTypeAction, deliveryAddressCustom('setCustomType')),
    setDeliveryAddressCustomField: action(
      SetDeliveryCustomFieldAction,
      deliveryAddressCustom('setCustomField'),
    ),

    addParcelToDelivery: action(AddParcelToDeliveryAction, async (order: Order, dto, { ctx }) => {
      const located = deliveryOf(order, dto);
      checkKeyFree(order, 'parcel', dto.parcelKey);
      const parcel = await parcelFrom(resolver, ctx, order, { ...dto, key: dto.parcelKey });
      const delivery = { ...located.delivery, parcels: [...located.delivery.parcels, parcel] };
      return {
        resource: withDelivery(order, located, delivery),
        messages: [{ type: 'ParcelAddedToDelivery', delivery, parcel, ...shippingKeyOf(located) }],
      };
    }),

    removeParcelFromDelivery: action(RemoveParcelFromDeliveryAction, (order: Order, dto) => {
      const located = parcelOf(order, dto);
      const delivery = {
        ...located.delivery,
        parcels: located.delivery.parcels.filter((p) => p.id !== located.parcel.id),
      };
      return {
        resource: withDelivery(order, located, delivery),
        messages: [
          {
            type: 'ParcelRemovedFromDelivery',
            deliveryId: delivery.id,
            parcel: located.parcel,
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setParcelItems: action(SetParcelItemsAction, (order: Order, dto) => {
      const located = parcelOf(order, dto);
      const items = checkDeliveryItems(order, dto.items);
      return {
        resource: withParcel(order, located, { ...located.parcel, items }),
        messages: [
          {
            type: 'ParcelItemsUpdated',
            parcelId: located.parcel.id,
            deliveryId: located.delivery.id,
            items,
            oldItems: located.parcel.items ?? [],
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setParcelMeasurements: action(SetParcelMeasurementsAction, (order: Order, dto) => {
      const located = parcelOf(order, dto);
      const measurements = dto.measurements && { ...dto.measurements };
      return {
        resource: withParcel(order, located, withOptional(located.parcel, 'measurements', measurements)),
        messages: [
          {
            type: 'ParcelMeasurementsUpdated',
            deliveryId: located.delivery.id,
            parcelId: located.parcel.id,
            ...(measurements ? { measurements } : {}),
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setParcelTrackingData: action(SetParcelTrackingDataAction, (order: Order, dto) => {
      const located = parcelOf(order, dto);
      const trackingData = dto.trackingData && { ...dto.trackingData };
      return {
        resource: withParcel(order, located, withOptional(located.parcel, 'trackingData', trackingData)),
        messages: [
          {
            type: 'ParcelTrackingDataUpdated',
            deliveryId: located.delivery.id,
            parcelId: located.parcel.id,
            ...(trackingData ? { trackingData } : {}),
            ...shippingKeyOf(located),
          },
        ],
      };
    }),

    setParcelCustomType: action(SetParcelCustomTypeAction, parcelCustom('setCustomType')),
    setParcelCustomField: action(SetParcelCustomFieldAction, parcelCustom('setCustomField')),
  } satisfies ActionTable<Order>;
}
