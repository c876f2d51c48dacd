import {
  OrderPaymentAction,
  SetCustomFieldAction,
  SetCustomLineItemCustomFieldAction,
  SetCustomLineItemCustomTypeAction,
  SetCustomLineItemShippingDetailsAction,
  SetCustomTypeAction,
  SetEstimatedDeliveryAction,
  SetLineItemCustomFieldAction,
  SetLineItemCustomTypeAction,
  SetLineItemShippingDetailsAction,
  SetOrderBusinessUnitAction,
  SetOrderLocaleAction,
  SetOrderNumberAction,
  SetOrderPurchaseOrderNumberAction,
  SetOrderStoreAction,
  SetShippingCustomFieldAction,
  SetShippingCustomTypeAction,
  UpdateSyncInfoAction,
  type Channel,
  type ItemShippingDetails,
  type ItemShippingDetailsDraftDto,
  type Order,
  type Reference,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionContext, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { customPart, type CustomActionName } from '../shared/custom-parts.js';
import { withOptional } from '../shared/fields.js';
import { paymentsTable } from '../payments/payments.table.js';
import { customLineItemOf, lineItemOf, withCustomLineItem, withLineItem } from './order-items.js';

/** Shipping details of an item: every target ships to an item shipping address of the order. */
function shippingDetailsOf(
  order: Order,
  quantity: number,
  draft: ItemShippingDetailsDraftDto | undefined,
): ItemShippingDetails | undefined {
  if (!draft) return undefined;
  for (const target of draft.targets) {
    if (!order.itemShippingAddresses.some((a) => a.key === target.addressKey)) {
      throw Errors.invalidInput(
        `The order has no item shipping address with the key '${target.addressKey}'.`,
      );
    }
  }
  const total = draft.targets.reduce((sum, t) => sum + t.quantity, 0);
  return { targets: draft.targets.map((t) => ({ ...t })), valid: total === quantity };
}

/** The shipping an action on shipping aims at: the order's (Single) or one `shipping` entry (Multiple). */
function onShipping(
  order: Order,
  shippingKey: string | undefined,
  change: (fields: { shippingCustomFields?: Order['shippingCustomFields'] }) => {
    shippingCustomFields?: Order['shippingCustomFields'];
  },
): Order {
  if (order.shippingMode === 'Multiple') {
    if (!shippingKey)
      throw Errors.invalidOperation('An order with shipping mode Multiple needs a shippingKey.');
    if (!order.shipping.some((s) => s.shippingKey === shippingKey)) {
      throw Errors.invalidInput(`The order has no shipping with the key '${shippingKey}'.`);
    }
    return {
      ...order,
      shipping: order.shipping.map((s) => (s.shippingKey === shippingKey ? { ...s, ...change(s) } : s)),
    };
  }
  if (shippingKey) throw Errors.invalidOperation('shippingKey is only allowed with shipping mode Multiple.');
  const { shippingCustomFields } = change(order);
  return withOptional(order, 'shippingCustomFields', shippingCustomFields);
}

/** The order's number, store, items' custom fields and shipping details, shipping, sync info, payments. */
export function orderOtherActions(resolver: ReferenceResolver) {
  const onOrder = customPart(resolver, 'order');
  const onLineItem = customPart(resolver, 'line-item');
  const onCustomLineItem = customPart(resolver, 'custom-line-item');
  const onShippingCustom = customPart(resolver, 'shipping');

  const orderCustom =
    (name: CustomActionName) => async (order: Order, dto: object, context: ActionContext) => {
      const { part, messages } = await onOrder(order, name, dto, context, 'Order');
      return { resource: part, messages };
    };
  const lineItemCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { lineItemId?: string; lineItemKey?: string }, context: ActionContext) => {
      const { part } = await onLineItem(lineItemOf(order, dto), name, dto, context);
      return { resource: withLineItem(order, part) };
    };
  const customLineItemCustom =
    (name: CustomActionName) =>
    async (
      order: Order,
      dto: { customLineItemId?: string; customLineItemKey?: string },
      context: ActionContext,
    ) => {
      const { part } = await onCustomLineItem(customLineItemOf(order, dto), name, dto, context);
      return { resource: withCustomLineItem(order, part) };
    };
  const shippingCustom =
    (name: CustomActionName) =>
    async (order: Order, dto: { shippingKey?: string }, context: ActionContext) => {
      const current =
        order.shippingMode === 'Multiple'
          ? order.shipping.find((s) => s.shippingKey === dto.shippingKey)?.shippingCustomFields
          : order.shippingCustomFields;
      const { part } = await onShippingCustom({ custom: current }, name, dto, context);
      return { resource: onShipping(order, dto.shippingKey, () => ({ shippingCustomFields: part.custom })) };
    };

  return {
    setCustomType: action(SetCustomTypeAction, orderCustom('setCustomType')),
    setCustomField: action(SetCustomFieldAction, orderCustom('setCustomField')),

    setOrderNumber: action(SetOrderNumberAction, (order: Order, { orderNumber }) => {
      if (order.orderNumber === orderNumber) return { resource: order };
      if (order.orderNumber !== undefined) {
        throw Errors.invalidOperation(
          `The order number '${order.orderNumber}' is set and can not be changed.`,
        );
      }
      return { resource: withOptional(order, 'orderNumber', orderNumber) };
    }),

    setPurchaseOrderNumber: action(
      SetOrderPurchaseOrderNumberAction,
      (order: Order, { purchaseOrderNumber }) => ({
        resource: withOptional(order, 'purchaseOrderNumber', purchaseOrderNumber),
        messages: [
          {
            type: 'OrderPurchaseOrderNumberSet',
            ...(purchaseOrderNumber ? { purchaseOrderNumber } : {}),
            ...(order.purchaseOrderNumber ? { oldPurchaseOrderNumber: order.purchaseOrderNumber } : {}),
          },
        ],
      }),
    ),

    setLocale: action(SetOrderLocaleAction, (order: Order, { locale }) => ({
      resource: withOptional(order, 'locale', locale),
    })),

    setStore: action(SetOrderStoreAction, async (order: Order, { store }, { ctx }) => {
      const next = store && (await resolver.require<{ id: string; key: string }>(ctx, 'store', [store]))[0];
      if (next?.key === order.store?.key) {
        throw Errors.invalidOperation('The order is in this Store already.');
      }
      const reference = next && { typeId: 'store' as const, key: next.key };
      return {
        resource: withOptional(order, 'store', reference),
        messages: [{ type: 'OrderStoreSet', ...(reference ? { store: reference } : {}) }],
      };
    }),

    setBusinessUnit: action(SetOrderBusinessUnitAction, (order: Order, { businessUnit }) => {
      // The platform has no business units yet: none can be found.
      if (businessUnit) {
        throw Errors.referencedResourceNotFound(
          'business-unit',
          businessUnit.id ? { id: businessUnit.id } : { key: businessUnit.key ?? '' },
        );
      }
      if (!order.businessUnit) return { resource: order };
      return {
        resource: withOptional(order, 'businessUnit', undefined),
        messages: [{ type: 'OrderBusinessUnitSet', oldbusinessUnit: order.businessUnit }],
      };
    }),

    setLineItemCustomType: action(SetLineItemCustomTypeAction, lineItemCustom('setCustomType')),
    setLineItemCustomField: action(SetLineItemCustomFieldAction, lineItemCustom('setCustomField')),
    setCustomLineItemCustomType: action(
      SetCustomLineItemCustomTypeAction,
      customLineItemCustom('setCustomType'),
    ),
    setCustomLineItemCustomField: action(
      SetCustomLineItemCustomFieldAction,
      customLineItemCustom('setCustomField'),
    ),

    setLineItemShippingDetails: action(SetLineItemShippingDetailsAction, (order: Order, dto) => {
      const item = lineItemOf(order, dto);
      const details = shippingDetailsOf(order, item.quantity, dto.shippingDetails);
      return { resource: withLineItem(order, withOptional(item, 'shippingDetails', details)) };
    }),

    setCustomLineItemShippingDetails: action(SetCustomLineItemShippingDetailsAction, (order: Order, dto) => {
      const item = customLineItemOf(order, dto);
      const details = shippingDetailsOf(order, item.quantity, dto.shippingDetails);
      return { resource: withCustomLineItem(order, withOptional(item, 'shippingDetails', details)) };
    }),

    setEstimatedDelivery: action(SetEstimatedDeliveryAction, (order: Order, dto) => {
      const estimatedDelivery = dto.estimatedDelivery && { ...dto.estimatedDelivery };
      let resource: Order;
      if (order.shippingMode === 'Multiple') {
        if (!dto.shippingKey)
          throw Errors.invalidOperation('An order with shipping mode Multiple needs a shippingKey.');
        if (!order.shipping.some((s) => s.shippingKey === dto.shippingKey)) {
          throw Errors.invalidInput(`The order has no shipping with the key '${dto.shippingKey}'.`);
        }
        resource = {
          ...order,
          shipping: order.shipping.map((s) =>
            s.shippingKey === dto.shippingKey
              ? { ...s, shippingInfo: withOptional(s.shippingInfo, 'estimatedDelivery', estimatedDelivery) }
              : s,
          ),
        };
      } else {
        if (dto.shippingKey)
          throw Errors.invalidOperation('shippingKey is only allowed with shipping mode Multiple.');
        if (!order.shippingInfo) throw Errors.invalidOperation('The order has no shipping info.');
        resource = {
          ...order,
          shippingInfo: withOptional(order.shippingInfo, 'estimatedDelivery', estimatedDelivery),
        };
      }
      return {
        resource,
        messages: [
          {
            type: 'OrderEstimatedDeliverySet',
            ...(estimatedDelivery ? { estimatedDelivery } : {}),
            ...(dto.shippingKey ? { shippingKey: dto.shippingKey } : {}),
          },
        ],
      };
    }),

    setShippingCustomType: action(SetShippingCustomTypeAction, shippingCustom('setCustomType')),
    setShippingCustomField: action(SetShippingCustomFieldAction, shippingCustom('setCustomField')),

    updateSyncInfo: action(UpdateSyncInfoAction, async (order: Order, dto, { ctx }) => {
      const [channel] = await resolver.require<Channel & Record<string, unknown>>(ctx, 'channel', [
        dto.channel,
      ]);
      if (!channel.roles.some((role) => role === 'OrderExport' || role === 'OrderImport')) {
        throw Errors.invalidInput(
          `The channel '${channel.key}' has neither the role OrderExport nor OrderImport.`,
        );
      }
      const syncInfo = {
        channel: { typeId: 'channel' as const, id: channel.id },
        ...(dto.externalId ? { externalId: dto.externalId } : {}),
        syncedAt: dto.syncedAt ?? new Date().toISOString(),
      };
      return { resource: { ...order, syncInfo: [...order.syncInfo, syncInfo] } };
    }),

    addPayment: action(OrderPaymentAction, async (order: Order, { payment }, { ctx, db }) => {
      const [found] = await paymentsTable.findMany(db, ctx.projectKey, {
        ids: payment.id ? [payment.id] : [],
        keys: payment.key ? [payment.key] : [],
      });
      if (!found) {
        throw Errors.referencedResourceNotFound(
          'payment',
          payment.id ? { id: payment.id } : { key: payment.key ?? '' },
        );
      }
      const payments = order.paymentInfo?.payments ?? [];
      if (payments.some((p) => p.id === found.id)) return { resource: order };
      const paymentRef: Reference<'payment'> = { typeId: 'payment', id: found.id };
      return {
        resource: { ...order, paymentInfo: { payments: [...payments, paymentRef] } },
        messages: [{ type: 'OrderPaymentAdded', paymentRef }],
      };
    }),

    removePayment: action(OrderPaymentAction, async (order: Order, { payment }, { ctx, db }) => {
      let id = payment.id;
      if (!id && payment.key) {
        id = (await paymentsTable.findByKey(db, ctx.projectKey, payment.key))?.id;
      }
      const payments = order.paymentInfo?.payments ?? [];
      if (!id || !payments.some((p) => p.id === id)) {
        throw Errors.invalidOperation("The payment is not one of the order's payments.");
      }
      const rest = payments.filter((p) => p.id !== id);
      return {
        resource:
          rest.length > 0
            ? { ...order, paymentInfo: { payments: rest } }
            : withOptional(order, 'paymentInfo', undefined),
        messages: [
          {
            type: 'OrderPaymentRemoved',
            paymentRef: { typeId: 'payment', id },
            removedPaymentInfo: rest.length === 0,
          },
        ],
      };
    }),
  } satisfies ActionTable<Order>;
}
