import type { MessagePayload, Order } from '@commerce/contracts';
import { sameJson } from '@commerce/resources';

type LineItem = Order['lineItems'][number];
type CustomLineItem = Order['customLineItems'][number];

/**
 * The Messages of a cart-like staged action (checkout facts 5: the Order Edits' own Messages), read from what
 * it changed on the order: line items added, removed or of another quantity, distribution channel or
 * discount; custom line items likewise; discount codes added, removed or of another state; the shipping info,
 * the shipping rate input and the customer group.
 */
export function editMessages(before: Order, after: Order): MessagePayload[] {
  return [
    ...lineItemMessages(before.lineItems, after.lineItems),
    ...customLineItemMessages(before.customLineItems, after.customLineItems),
    ...discountCodeMessages(before, after),
    ...changed(before, after, 'shippingInfo', (shippingInfo, oldShippingInfo) => ({
      type: 'OrderShippingInfoSet',
      ...(shippingInfo ? { shippingInfo } : {}),
      ...(oldShippingInfo ? { oldShippingInfo } : {}),
    })),
    ...changed(before, after, 'shippingRateInput', (shippingRateInput, oldShippingRateInput) => ({
      type: 'OrderShippingRateInputSet',
      ...(shippingRateInput ? { shippingRateInput } : {}),
      ...(oldShippingRateInput ? { oldShippingRateInput } : {}),
    })),
    ...changed(before, after, 'customerGroup', (customerGroup, oldCustomerGroup) => ({
      type: 'OrderCustomerGroupSet',
      ...(customerGroup ? { customerGroup } : {}),
      ...(oldCustomerGroup ? { oldCustomerGroup } : {}),
    })),
  ];
}

function changed<K extends keyof Order>(
  before: Order,
  after: Order,
  field: K,
  message: (value: Order[K], old: Order[K]) => MessagePayload,
): MessagePayload[] {
  return sameJson(before[field], after[field]) ? [] : [message(after[field], before[field])];
}

const keyOf = (item: { key?: string }) => (item.key !== undefined ? { lineItemKey: item.key } : {});

function lineItemMessages(before: LineItem[], after: LineItem[]): MessagePayload[] {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Map(after.map((item) => [item.id, item]));
  const messages: MessagePayload[] = [];
  for (const item of after) {
    const was = old.get(item.id);
    const added = item.quantity - (was?.quantity ?? 0);
    if (added > 0) messages.push({ type: 'OrderLineItemAdded', lineItem: item, addedQuantity: added });
    if (added < 0) messages.push(removed(was as LineItem, item));
    if (was && !sameJson(was.distributionChannel, item.distributionChannel))
      messages.push({
        type: 'OrderLineItemDistributionChannelSet',
        lineItemId: item.id,
        ...keyOf(item),
        ...(item.distributionChannel ? { distributionChannel: item.distributionChannel } : {}),
      });
    if (was && !sameJson(was.discountedPricePerQuantity, item.discountedPricePerQuantity))
      messages.push({
        type: 'OrderLineItemDiscountSet',
        lineItemId: item.id,
        ...keyOf(item),
        discountedPricePerQuantity: item.discountedPricePerQuantity,
        totalPrice: item.totalPrice,
        ...(item.taxedPrice ? { taxedPrice: item.taxedPrice } : {}),
        taxedPricePortions: item.taxedPricePortions ?? [],
      });
  }
  for (const item of before) if (!now.has(item.id)) messages.push(removed(item, undefined));
  return messages;
}

/** `OrderLineItemRemoved`: what left, and the item as it is now (quantity 0 when it is gone). */
function removed(was: LineItem, item: LineItem | undefined): MessagePayload {
  return {
    type: 'OrderLineItemRemoved',
    lineItemId: was.id,
    ...keyOf(was),
    removedQuantity: was.quantity - (item?.quantity ?? 0),
    newQuantity: item?.quantity ?? 0,
    newState: item?.state ?? [],
    newTotalPrice: item?.totalPrice ?? { ...was.totalPrice, centAmount: 0 },
    ...(item?.taxedPrice ? { newTaxedPrice: item.taxedPrice } : {}),
    ...(item ? { newPrice: item.price } : {}),
    ...(item?.shippingDetails ? { newShippingDetail: item.shippingDetails } : {}),
  };
}

function customLineItemMessages(before: CustomLineItem[], after: CustomLineItem[]): MessagePayload[] {
  const old = new Map(before.map((item) => [item.id, item]));
  const now = new Set(after.map((item) => item.id));
  const messages: MessagePayload[] = [];
  const keyOfCustom = (item: CustomLineItem) =>
    item.key !== undefined ? { customLineItemKey: item.key } : {};
  for (const item of after) {
    const was = old.get(item.id);
    if (!was) messages.push({ type: 'OrderCustomLineItemAdded', customLineItem: item });
    else if (was.quantity !== item.quantity)
      messages.push({
        type: 'OrderCustomLineItemQuantityChanged',
        customLineItemId: item.id,
        ...keyOfCustom(item),
        quantity: item.quantity,
        oldQuantity: was.quantity,
      });
    if (was && !sameJson(was.discountedPricePerQuantity, item.discountedPricePerQuantity))
      messages.push({
        type: 'OrderCustomLineItemDiscountSet',
        customLineItemId: item.id,
        ...keyOfCustom(item),
        discountedPricePerQuantity: item.discountedPricePerQuantity,
        ...(item.taxedPrice ? { taxedPrice: item.taxedPrice } : {}),
      });
  }
  for (const item of before)
    if (!now.has(item.id))
      messages.push({
        type: 'OrderCustomLineItemRemoved',
        customLineItemId: item.id,
        ...keyOfCustom(item),
        customLineItem: item,
      });
  return messages;
}

function discountCodeMessages(before: Order, after: Order): MessagePayload[] {
  const old = new Map(before.discountCodes.map((info) => [info.discountCode.id, info]));
  const now = new Set(after.discountCodes.map((info) => info.discountCode.id));
  const messages: MessagePayload[] = [];
  for (const info of after.discountCodes) {
    const was = old.get(info.discountCode.id);
    if (!was) messages.push({ type: 'OrderDiscountCodeAdded', discountCode: info.discountCode });
    if (was?.state !== info.state)
      messages.push({
        type: 'OrderDiscountCodeStateSet',
        discountCode: info.discountCode,
        state: info.state,
        ...(was?.state ? { oldState: was.state } : {}),
      });
  }
  for (const info of before.discountCodes)
    if (!now.has(info.discountCode.id))
      messages.push({ type: 'OrderDiscountCodeRemoved', discountCode: info.discountCode });
  return messages;
}
