import {
  CART_ACTIONS,
  type Cart,
  type Channel,
  type CheckoutLineItemLookup,
  type CheckoutProduct,
  type ItemState,
  type LineItem,
  type Price,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { externalTaxRateOf, requireLineItemPrice } from '@commerce/pricing';
import { action, resolveCustomFields, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { customOrNone, withCustomField } from './cart-context-actions.js';
import type { CartDeps } from './cart-deps.js';
import { cartRequestOf } from './cart-request.js';
import { giftDiscountOf } from './cart-discounts.js';
import {
  initialState,
  isInitialState,
  lineItemOf,
  mergeTarget,
  newLineItem,
  withAddedQuantity,
  type StateRef,
} from './line-items.js';
import { applyTargetsDelta, checkTargets, shippingDetailsOf, withMethodTaxRate } from './shipping-details.js';
import { checkStoreChannel, checkStoreOffers } from './store-binding.js';
import { recurrenceInfoOf } from './recurrence-info.js';

const A = CART_ACTIONS;
type Identifier = { typeId?: string; id?: string; key?: string };
type Money = {
  currencyCode: string;
  centAmount?: number;
  fractionDigits?: number;
  preciseAmount?: number;
  type?: string;
};

/** A channel of a line item, checked for its role (ProductDistribution or InventorySupply). */
async function channelId(
  deps: CartDeps,
  ctx: RequestContext,
  ref: Identifier | undefined,
  role: 'ProductDistribution' | 'InventorySupply',
): Promise<string | undefined> {
  if (!ref) return undefined;
  const [channel] = await deps.resolver.require<Channel & Record<string, unknown>>(ctx, 'channel', [ref]);
  if (!channel.roles.includes(role))
    throw Errors.missingRoleOnChannel({ typeId: 'channel', id: channel.id }, role);
  return channel.id;
}

/** The catalog's answer for an added line item, or the error the API gives for it. */
function productFor(
  ctx: RequestContext,
  draft: { productId?: string; variantId?: number; sku?: string },
): CheckoutProduct {
  const lookup: CheckoutLineItemLookup =
    draft.productId !== undefined
      ? {
          productId: draft.productId,
          ...(draft.variantId !== undefined ? { variantId: draft.variantId } : {}),
        }
      : { sku: draft.sku };
  if (draft.productId === undefined && draft.sku === undefined)
    throw Errors.invalidInput('A line item needs either productId (with variantId) or sku.');
  const answer = cartRequestOf(ctx).catalog.answer(lookup);
  if (answer?.found) return answer.product;
  switch (answer?.reason) {
    case 'VariantNotFound':
      throw Errors.invalidInput(
        `The product '${draft.productId}' has no variant with id '${draft.variantId}'.`,
      );
    case 'SkuNotFound':
      throw Errors.invalidInput(`No published product has a variant with SKU '${draft.sku}'.`);
    case 'NotPublished':
      throw Errors.invalidOperation('The product is not published.');
    case 'ProductNotFound':
    case undefined:
      throw Errors.referencedResourceNotFound('product', { id: draft.productId ?? '' });
  }
}

function money(draft: Money): Price['value'] {
  if (draft.type === 'highPrecision')
    return {
      type: 'highPrecision',
      currencyCode: draft.currencyCode,
      centAmount: draft.centAmount ?? 0,
      fractionDigits: draft.fractionDigits ?? 2,
      preciseAmount: draft.preciseAmount ?? 0,
    };
  return {
    type: 'centPrecision',
    currencyCode: draft.currencyCode,
    centAmount: draft.centAmount ?? 0,
    fractionDigits: draft.fractionDigits ?? 2,
  };
}

function cartScope(cart: Cart, channel?: string, recurrencePolicy?: string) {
  return {
    currency: cart.totalPrice.currencyCode,
    ...(cart.country !== undefined ? { country: cart.country } : {}),
    ...(cart.customerGroup ? { customerGroup: cart.customerGroup.id } : {}),
    ...(channel !== undefined ? { channel } : {}),
    ...(recurrencePolicy !== undefined ? { recurrencePolicy } : {}),
  };
}

/** The states of an item whose quantity changed: more units start Initial, fewer leave Initial first. */
export function statesFor(states: ItemState[], quantity: number, initial: StateRef): ItemState[] {
  const total = states.reduce((sum, entry) => sum + entry.quantity, 0);
  if (quantity >= total) {
    const added = quantity - total;
    if (added === 0) return states;
    const found = states.find((entry) => isInitialState(entry.state, initial));
    return found
      ? states.map((entry) => (entry === found ? { ...entry, quantity: entry.quantity + added } : entry))
      : [...states, { quantity: added, state: initial }];
  }
  let excess = total - quantity;
  const ordered = [...states].sort(
    (a, b) => Number(isInitialState(b.state, initial)) - Number(isInitialState(a.state, initial)),
  );
  const kept = new Map<ItemState, number>();
  for (const entry of ordered) {
    const taken = Math.min(entry.quantity, excess);
    excess -= taken;
    kept.set(entry, entry.quantity - taken);
  }
  return states
    .map((entry) => ({ ...entry, quantity: kept.get(entry)! }))
    .filter((entry) => entry.quantity > 0);
}

function replaceItem(cart: Cart, item: LineItem, next: LineItem | undefined): Cart {
  return {
    ...cart,
    lineItems: next
      ? cart.lineItems.map((existing) => (existing.id === item.id ? next : existing))
      : cart.lineItems.filter((existing) => existing.id !== item.id),
  };
}

function withQuantity(item: LineItem, quantity: number, now: string, initial: StateRef): LineItem {
  const next = { ...item, quantity, state: statesFor(item.state, quantity, initial), lastModifiedAt: now };
  return item.shippingDetails
    ? { ...next, shippingDetails: shippingDetailsOf(item.shippingDetails.targets, quantity) }
    : next;
}

/** The line item actions (checkout facts 3.1, "LI"; 4.1, 4.2). Prices and totals follow in the recalculation. */
export function lineItemActions(
  deps: CartDeps,
): Record<
  | 'addLineItem'
  | 'changeLineItemQuantity'
  | 'removeLineItem'
  | 'setLineItemPrice'
  | 'setLineItemTotalPrice'
  | 'setLineItemDistributionChannel'
  | 'setLineItemSupplyChannel'
  | 'setLineItemInventoryMode'
  | 'setLineItemShippingDetails'
  | 'applyDeltaToLineItemShippingDetailsTargets'
  | 'setLineItemCustomType'
  | 'setLineItemCustomField'
  | 'setLineItemTaxRate'
  | 'setLineItemTaxAmount'
  | 'setLineItemRecurrenceInfo',
  ActionHandler<Cart>
> {
  return {
    addLineItem: action(A.addLineItem, async (cart: Cart, draft, { ctx }) => {
      const now = new Date().toISOString();
      const product = productFor(ctx, draft);
      const { store } = cartRequestOf(ctx);
      checkStoreOffers(store, product);
      const [distributionChannel, supplyChannel] = [
        await channelId(deps, ctx, draft.distributionChannel, 'ProductDistribution'),
        await channelId(deps, ctx, draft.supplyChannel, 'InventorySupply'),
      ];
      checkStoreChannel(store, 'distributionChannel', distributionChannel);
      checkStoreChannel(store, 'supplyChannel', supplyChannel);
      const custom = await resolveCustomFields(deps.resolver, ctx, 'line-item', draft.custom);
      if (draft.shippingDetails)
        checkTargets(draft.shippingDetails.targets, cart.itemShippingAddresses, cart);
      const external = draft.externalTotalPrice?.price ?? draft.externalPrice;
      const recurrenceInfo =
        draft.recurrenceInfo && (await recurrenceInfoOf(deps, ctx, draft.recurrenceInfo));
      const target = mergeTarget(
        cart.lineItems,
        {
          productId: product.productId,
          variantId: product.variant.id,
          supplyChannel,
          distributionChannel,
          custom,
          ...(recurrenceInfo ? { recurrenceInfo } : {}),
        },
        external !== undefined,
      );
      const quantity = draft.quantity ?? 1;
      if (target)
        return {
          resource: replaceItem(
            cart,
            target,
            withAddedQuantity(
              target,
              quantity,
              draft.shippingDetails?.targets,
              now,
              initialState(ctx.projectKey),
            ),
          ),
        };
      const price: Price = external
        ? { id: `external-${product.productId}-${product.variant.id}`, value: money(external) }
        : requireLineItemPrice(
            { productId: product.productId, variantId: product.variant.id, prices: product.variant.prices },
            cartScope(cart, distributionChannel, recurrenceInfo?.recurrencePolicy.id),
            quantity,
          ).price;
      let item = newLineItem(
        product,
        draft,
        price,
        { distributionChannel, supplyChannel, custom },
        now,
        initialState(ctx.projectKey),
      );
      if (recurrenceInfo) item = { ...item, recurrenceInfo };
      if (draft.externalTotalPrice)
        item = {
          ...item,
          totalPrice: {
            ...item.totalPrice,
            ...money(draft.externalTotalPrice.totalPrice),
            type: 'centPrecision',
          },
        };
      if (draft.externalTaxRate) item = { ...item, taxRate: externalTaxRateOf(draft.externalTaxRate) };
      return { resource: { ...cart, lineItems: [...cart.lineItems, item] } };
    }),
    changeLineItemQuantity: action(A.changeLineItemQuantity, (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      if (change.quantity === 0) return { resource: replaceItem(cart, item, undefined) };
      let next = withQuantity(item, change.quantity, new Date().toISOString(), initialState(ctx.projectKey));
      if (item.priceMode === 'ExternalTotal')
        next = change.externalTotalPrice
          ? {
              ...next,
              price: { ...next.price, value: money(change.externalTotalPrice.price) },
              totalPrice: money(change.externalTotalPrice.totalPrice) as LineItem['totalPrice'],
            }
          : { ...next, priceMode: 'Platform' };
      else if (change.externalPrice)
        next = {
          ...next,
          priceMode: 'ExternalPrice',
          price: { ...next.price, value: money(change.externalPrice) },
        };
      return { resource: replaceItem(cart, item, next) };
    }),
    removeLineItem: action(A.removeLineItem, (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      const quantity = change.quantity === undefined ? 0 : Math.max(0, item.quantity - change.quantity);
      if (quantity === 0) {
        // A removed gift is refused: its discount gives it no more (checkout facts 4.13).
        const gift = giftDiscountOf(item);
        const removed = replaceItem(cart, item, undefined);
        return {
          resource:
            gift && !cart.refusedGifts.some((ref) => ref.id === gift)
              ? { ...removed, refusedGifts: [...cart.refusedGifts, { typeId: 'cart-discount', id: gift }] }
              : removed,
        };
      }
      let next = withQuantity(item, quantity, new Date().toISOString(), initialState(ctx.projectKey));
      if (change.shippingDetailsToRemove && next.shippingDetails) {
        const targets = applyTargetsDelta(
          next.shippingDetails.targets,
          change.shippingDetailsToRemove.targets.map((t) => ({ ...t, quantity: -t.quantity })),
        );
        next = { ...next, shippingDetails: shippingDetailsOf(targets, quantity) };
      }
      if (change.externalPrice)
        next = { ...next, price: { ...next.price, value: money(change.externalPrice) } };
      if (change.externalTotalPrice)
        next = {
          ...next,
          price: { ...next.price, value: money(change.externalTotalPrice.price) },
          totalPrice: money(change.externalTotalPrice.totalPrice) as LineItem['totalPrice'],
        };
      return { resource: replaceItem(cart, item, next) };
    }),
    setLineItemPrice: action(A.setLineItemPrice, (cart: Cart, change) => {
      const item = lineItemOf(cart, change);
      const next: LineItem = change.externalPrice
        ? {
            ...item,
            priceMode: 'ExternalPrice',
            price: { id: item.price.id, value: money(change.externalPrice) },
          }
        : { ...item, priceMode: 'Platform' };
      return { resource: replaceItem(cart, item, next) };
    }),
    setLineItemTotalPrice: action(A.setLineItemTotalPrice, (cart: Cart, change) => {
      const item = lineItemOf(cart, change);
      if (item.lineItemMode === 'GiftLineItem')
        throw Errors.invalidOperation('A gift line item has no total price to set.');
      const next: LineItem = change.externalTotalPrice
        ? {
            ...item,
            priceMode: 'ExternalTotal',
            price: { id: item.price.id, value: money(change.externalTotalPrice.price) },
            totalPrice: money(change.externalTotalPrice.totalPrice) as LineItem['totalPrice'],
          }
        : { ...item, priceMode: 'Platform' };
      return { resource: replaceItem(cart, item, next) };
    }),
    setLineItemDistributionChannel: action(
      A.setLineItemDistributionChannel,
      async (cart: Cart, change, { ctx }) => {
        const item = lineItemOf(cart, change);
        const id = await channelId(deps, ctx, change.distributionChannel, 'ProductDistribution');
        checkStoreChannel(cartRequestOf(ctx).store, 'distributionChannel', id);
        return {
          resource: replaceItem(
            cart,
            item,
            withOptional(item, 'distributionChannel', id ? { typeId: 'channel', id } : undefined),
          ),
        };
      },
    ),
    setLineItemSupplyChannel: action(A.setLineItemSupplyChannel, async (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      const id = await channelId(deps, ctx, change.supplyChannel, 'InventorySupply');
      checkStoreChannel(cartRequestOf(ctx).store, 'supplyChannel', id);
      return {
        resource: replaceItem(
          cart,
          item,
          withOptional(item, 'supplyChannel', id ? { typeId: 'channel', id } : undefined),
        ),
      };
    }),
    setLineItemInventoryMode: action(A.setLineItemInventoryMode, (cart: Cart, change) => {
      const item = lineItemOf(cart, change);
      return { resource: replaceItem(cart, item, withOptional(item, 'inventoryMode', change.inventoryMode)) };
    }),
    setLineItemShippingDetails: action(A.setLineItemShippingDetails, (cart: Cart, change) => {
      const item = lineItemOf(cart, change);
      if (change.shippingDetails)
        checkTargets(change.shippingDetails.targets, cart.itemShippingAddresses, cart);
      const details =
        change.shippingDetails && shippingDetailsOf(change.shippingDetails.targets, item.quantity);
      return { resource: replaceItem(cart, item, withOptional(item, 'shippingDetails', details)) };
    }),
    applyDeltaToLineItemShippingDetailsTargets: action(
      A.applyDeltaToLineItemShippingDetailsTargets,
      (cart: Cart, change) => {
        const item = lineItemOf(cart, change);
        const targets = applyTargetsDelta(item.shippingDetails?.targets ?? [], change.targetsDelta);
        checkTargets(targets, cart.itemShippingAddresses, cart);
        return {
          resource: replaceItem(cart, item, {
            ...item,
            shippingDetails: shippingDetailsOf(targets, item.quantity),
          }),
        };
      },
    ),
    setLineItemCustomType: action(A.setLineItemCustomType, async (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      const custom = await customOrNone(deps, ctx, 'line-item', change.type, change.fields);
      return { resource: replaceItem(cart, item, withOptional(item, 'custom', custom)) };
    }),
    setLineItemCustomField: action(A.setLineItemCustomField, async (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      return {
        resource: replaceItem(cart, item, {
          ...item,
          custom: await withCustomField(deps, ctx, item.custom, change.name, change.value),
        }),
      };
    }),
    setLineItemTaxRate: action(A.setLineItemTaxRate, (cart: Cart, change) => {
      if (cart.taxMode !== 'External')
        throw Errors.invalidOperation('setLineItemTaxRate needs the External tax mode.');
      if (change.shippingKey !== undefined && cart.shippingMode !== 'Multiple')
        throw Errors.invalidOperation('shippingKey is only allowed in the Multiple shipping mode.');
      const item = lineItemOf(cart, change);
      const rate = change.externalTaxRate && externalTaxRateOf(change.externalTaxRate);
      if (change.shippingKey !== undefined)
        return { resource: replaceItem(cart, item, withMethodTaxRate(cart, item, change.shippingKey, rate)) };
      return {
        resource: replaceItem(
          cart,
          item,
          withOptional(withOptional(item, 'taxRate', rate), 'taxedPrice', undefined),
        ),
      };
    }),
    setLineItemTaxAmount: action(A.setLineItemTaxAmount, (cart: Cart, change) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw Errors.invalidOperation('setLineItemTaxAmount needs the ExternalAmount tax mode.');
      if (change.shippingKey !== undefined && cart.shippingMode !== 'Multiple')
        throw Errors.invalidOperation('shippingKey is only allowed in the Multiple shipping mode.');
      const item = lineItemOf(cart, change);
      if (!change.externalTaxAmount)
        return {
          resource: replaceItem(
            cart,
            item,
            withOptional(withOptional(item, 'taxRate', undefined), 'taxedPrice', undefined),
          ),
        };
      const gross = money(change.externalTaxAmount.totalGross) as LineItem['totalPrice'];
      return {
        resource: replaceItem(cart, item, {
          ...item,
          taxRate: externalTaxRateOf(change.externalTaxAmount.taxRate, 'externalTaxAmount.taxRate'),
          taxedPrice: { totalNet: item.totalPrice, totalGross: gross, taxPortions: [] },
        }),
      };
    }),
    setLineItemRecurrenceInfo: action(A.setLineItemRecurrenceInfo, async (cart: Cart, change, { ctx }) => {
      const item = lineItemOf(cart, change);
      const info = change.recurrenceInfo && (await recurrenceInfoOf(deps, ctx, change.recurrenceInfo));
      return { resource: replaceItem(cart, item, withOptional(item, 'recurrenceInfo', info)) };
    }),
  };
}
