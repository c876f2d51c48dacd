import {
  AddReturnInfoAction,
  SetReturnInfoAction,
  SetReturnItemCustomFieldAction,
  SetReturnItemCustomTypeAction,
  SetReturnPaymentStateAction,
  SetReturnShipmentStateAction,
  type Order,
  type RequestContext,
  type ReturnInfo,
  type ReturnInfoDraftDto,
  type ReturnItem,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  resolveCustomFields,
  type ActionContext,
  type ActionTable,
  type ReferenceResolver,
} from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { customPart, type CustomActionName } from '../shared/custom-parts.js';

/** A return info from its draft: each item names exactly one (custom) line item of the order. */
async function returnInfoOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  order: Order,
  draft: ReturnInfoDraftDto,
): Promise<ReturnInfo> {
  const now = new Date().toISOString();
  const items = await Promise.all(
    draft.items.map(async (item): Promise<ReturnItem> => {
      const { lineItemId, customLineItemId } = item;
      if ((lineItemId === undefined) === (customLineItemId === undefined)) {
        throw Errors.invalidInput('A return item names exactly one of lineItemId and customLineItemId.');
      }
      const known = lineItemId
        ? order.lineItems.some((i) => i.id === lineItemId)
        : order.customLineItems.some((i) => i.id === customLineItemId);
      if (!known) {
        throw Errors.invalidInput(
          `The order has no ${lineItemId ? `line item with the ID '${lineItemId}'` : `custom line item with the ID '${customLineItemId}'`}.`,
        );
      }
      const custom = await resolveCustomFields(resolver, ctx, 'order-return-item', item.custom);
      return {
        type: lineItemId ? 'LineItemReturnItem' : 'CustomLineItemReturnItem',
        id: randomUUID(),
        ...(item.key ? { key: item.key } : {}),
        quantity: item.quantity,
        ...(lineItemId ? { lineItemId } : { customLineItemId }),
        ...(item.comment ? { comment: item.comment } : {}),
        shipmentState: item.shipmentState,
        paymentState: 'Initial',
        ...(custom ? { custom } : {}),
        createdAt: now,
        lastModifiedAt: now,
      };
    }),
  );
  return {
    items,
    ...(draft.returnTrackingId ? { returnTrackingId: draft.returnTrackingId } : {}),
    ...(draft.returnDate ? { returnDate: draft.returnDate } : {}),
  };
}

function returnItemOf(order: Order, target: { returnItemId?: string; returnItemKey?: string }): ReturnItem {
  const { returnItemId: id, returnItemKey: key } = target;
  if ((id === undefined) === (key === undefined)) {
    throw Errors.invalidInput('Exactly one of returnItemId or returnItemKey must be given.');
  }
  const item = order.returnInfo
    .flatMap((info) => info.items)
    .find((candidate) => (id !== undefined ? candidate.id === id : candidate.key === key));
  if (!item) {
    throw Errors.invalidInput(
      `The order has no return item with the ${id !== undefined ? `ID '${id}'` : `key '${key}'`}.`,
    );
  }
  return item;
}

function withReturnItem(order: Order, item: ReturnItem): Order {
  const changed = { ...item, lastModifiedAt: new Date().toISOString() };
  return {
    ...order,
    returnInfo: order.returnInfo.map((info) => ({
      ...info,
      items: info.items.map((candidate) => (candidate.id === item.id ? changed : candidate)),
    })),
  };
}

/** Returns: their infos, the states of returned items, their custom fields. */
export function orderReturnActions(resolver: ReferenceResolver) {
  const onItem = customPart(resolver, 'order-return-item');
  const itemCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { returnItemId?: string; returnItemKey?: string }, context: ActionContext) => {
      const item = returnItemOf(order, dto);
      const { part } = await onItem(item, name, dto, context);
      return { resource: withReturnItem(order, part) };
    };
  return {
    addReturnInfo: action(AddReturnInfoAction, async (order: Order, dto, { ctx }) => {
      const returnInfo = await returnInfoOf(resolver, ctx, order, dto);
      return {
        resource: { ...order, returnInfo: [...order.returnInfo, returnInfo] },
        messages: [{ type: 'ReturnInfoAdded', returnInfo }],
      };
    }),

    setReturnInfo: action(SetReturnInfoAction, async (order: Order, dto, { ctx }) => {
      const returnInfo = await Promise.all(
        (dto.items ?? []).map((d) => returnInfoOf(resolver, ctx, order, d)),
      );
      return {
        resource: { ...order, returnInfo },
        messages: [{ type: 'ReturnInfoSet', returnInfo }],
      };
    }),

    setReturnShipmentState: action(SetReturnShipmentStateAction, (order: Order, dto) => {
      const item = returnItemOf(order, dto);
      if (item.shipmentState === dto.shipmentState) return { resource: order };
      return {
        resource: withReturnItem(order, { ...item, shipmentState: dto.shipmentState }),
        messages: [
          {
            type: 'OrderReturnShipmentStateChanged',
            returnItemId: item.id,
            returnShipmentState: dto.shipmentState,
          },
        ],
      };
    }),

    setReturnPaymentState: action(SetReturnPaymentStateAction, (order: Order, dto) => {
      const item = returnItemOf(order, dto);
      if (item.paymentState === dto.paymentState) return { resource: order };
      return { resource: withReturnItem(order, { ...item, paymentState: dto.paymentState }) };
    }),

    setReturnItemCustomType: action(SetReturnItemCustomTypeAction, itemCustom('setCustomType')),
    setReturnItemCustomField: action(SetReturnItemCustomFieldAction, itemCustom('setCustomField')),
  } satisfies ActionTable<Order>;
}
