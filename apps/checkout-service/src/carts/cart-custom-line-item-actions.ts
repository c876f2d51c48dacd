import {
  CART_ACTIONS,
  type Cart,
  type CustomLineItem,
  type CustomLineItemDraftDto,
  type RequestContext,
  type TaxCategory,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { externalTaxRateOf } from '@commerce/pricing';
import { action, resolveCustomFields, type ActionHandler } from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { withOptional } from '../shared/fields.js';
import { customOrNone, withCustomField } from './cart-context-actions.js';
import type { CartDeps } from './cart-deps.js';
import { cartRequestOf } from './cart-request.js';
import { customLineItemOf, initialState } from './line-items.js';
import { statesFor } from './cart-line-item-actions.js';
import { recurrenceInfoOf } from './recurrence-info.js';
import { applyTargetsDelta, checkTargets, shippingDetailsOf, withMethodTaxRate } from './shipping-details.js';

const A = CART_ACTIONS;
type Identifier = { typeId?: string; id?: string; key?: string };

/** A tax category named by a cart (id or key), registered for this change's recalculation. */
export async function taxCategoryRef(deps: CartDeps, ctx: RequestContext, ref: Identifier | undefined) {
  if (!ref) return undefined;
  const [category] = await deps.resolver.require<TaxCategory & Record<string, unknown>>(ctx, 'tax-category', [
    ref,
  ]);
  cartRequestOf(ctx).catalog.addTaxCategory(category);
  return { typeId: 'tax-category' as const, id: category.id };
}

function centsOf(money: {
  currencyCode: string;
  centAmount?: number;
  fractionDigits?: number;
  type?: string;
  preciseAmount?: number;
}): CustomLineItem['money'] {
  if (money.type === 'highPrecision')
    return {
      type: 'highPrecision',
      currencyCode: money.currencyCode,
      centAmount: money.centAmount ?? 0,
      fractionDigits: money.fractionDigits ?? 2,
      preciseAmount: money.preciseAmount ?? 0,
    };
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount: money.centAmount ?? 0,
    fractionDigits: money.fractionDigits ?? 2,
  };
}

/** A new custom line item from its draft (checkout facts 3, CustomLineItemDraft); totals follow. */
export async function newCustomLineItem(
  deps: CartDeps,
  ctx: RequestContext,
  cart: Cart,
  draft: CustomLineItemDraftDto,
): Promise<CustomLineItem> {
  const currency = cart.totalPrice.currencyCode;
  if (draft.money.currencyCode !== currency)
    throw Errors.invalidInput(
      `The custom line item's money is in ${draft.money.currencyCode}, the cart in ${currency}.`,
    );
  const taxCategory = await taxCategoryRef(deps, ctx, draft.taxCategory);
  if (cart.taxMode === 'Platform' && !taxCategory)
    throw Errors.invalidInput('A custom line item needs a taxCategory in the Platform tax mode.');
  if (draft.shippingDetails) checkTargets(draft.shippingDetails.targets, cart.itemShippingAddresses, cart);
  const custom = await resolveCustomFields(deps.resolver, ctx, 'custom-line-item', draft.custom);
  const quantity = draft.quantity ?? 1;
  return {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    money: centsOf(draft.money),
    totalPrice: {
      type: 'centPrecision',
      currencyCode: currency,
      centAmount: 0,
      fractionDigits: cart.totalPrice.fractionDigits,
    },
    slug: draft.slug,
    quantity,
    state: [{ quantity, state: initialState(ctx.projectKey) }],
    ...(taxCategory ? { taxCategory } : {}),
    ...(draft.externalTaxRate ? { taxRate: externalTaxRateOf(draft.externalTaxRate) } : {}),
    taxedPricePortions: [],
    perMethodTaxRate: [],
    discountedPricePerQuantity: [],
    ...(custom ? { custom } : {}),
    ...(draft.shippingDetails
      ? { shippingDetails: shippingDetailsOf(draft.shippingDetails.targets, quantity) }
      : {}),
    priceMode: draft.priceMode ?? 'Standard',
    ...(draft.recurrenceInfo
      ? { recurrenceInfo: await recurrenceInfoOf(deps, ctx, draft.recurrenceInfo) }
      : {}),
  };
}

/** A CLI with the same slug merges only if it is the same in everything else (checkout facts 4.2). */
function sameContent(a: CustomLineItem, b: CustomLineItem): boolean {
  const strip = ({
    id: _id,
    quantity: _q,
    state: _s,
    totalPrice: _t,
    taxedPrice: _tp,
    shippingDetails: _sd,
    ...rest
  }: CustomLineItem) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

function replace(cart: Cart, item: CustomLineItem, next: CustomLineItem | undefined): Cart {
  return {
    ...cart,
    customLineItems: next
      ? cart.customLineItems.map((e) => (e.id === item.id ? next : e))
      : cart.customLineItems.filter((e) => e.id !== item.id),
  };
}

/** The custom line item actions (checkout facts 3.1, "CLI"). */
export function customLineItemActions(
  deps: CartDeps,
): Record<
  | 'addCustomLineItem'
  | 'changeCustomLineItemQuantity'
  | 'changeCustomLineItemMoney'
  | 'changeCustomLineItemPriceMode'
  | 'removeCustomLineItem'
  | 'setCustomLineItemCustomType'
  | 'setCustomLineItemCustomField'
  | 'setCustomLineItemShippingDetails'
  | 'applyDeltaToCustomLineItemShippingDetailsTargets'
  | 'setCustomLineItemTaxRate'
  | 'setCustomLineItemTaxAmount'
  | 'setCustomLineItemRecurrenceInfo',
  ActionHandler<Cart>
> {
  return {
    addCustomLineItem: action(A.addCustomLineItem, async (cart: Cart, draft, { ctx }) => {
      const added = await newCustomLineItem(deps, ctx, cart, draft);
      const sameSlug = cart.customLineItems.find((item) => item.slug === added.slug);
      if (!sameSlug) return { resource: { ...cart, customLineItems: [...cart.customLineItems, added] } };
      if (!sameContent(sameSlug, added))
        throw Errors.invalidOperation(
          `A custom line item with slug '${added.slug}' and other content is in the cart.`,
        );
      const quantity = sameSlug.quantity + added.quantity;
      return {
        resource: replace(cart, sameSlug, {
          ...sameSlug,
          quantity,
          state: statesFor(sameSlug.state, quantity, initialState(ctx.projectKey)),
        }),
      };
    }),
    changeCustomLineItemQuantity: action(A.changeCustomLineItemQuantity, (cart: Cart, change, { ctx }) => {
      const item = customLineItemOf(cart, change);
      if (change.quantity === 0) return { resource: replace(cart, item, undefined) };
      const next = {
        ...item,
        quantity: change.quantity,
        state: statesFor(item.state, change.quantity, initialState(ctx.projectKey)),
      };
      return {
        resource: replace(
          cart,
          item,
          item.shippingDetails
            ? { ...next, shippingDetails: shippingDetailsOf(item.shippingDetails.targets, change.quantity) }
            : next,
        ),
      };
    }),
    changeCustomLineItemMoney: action(A.changeCustomLineItemMoney, (cart: Cart, change) => {
      const item = customLineItemOf(cart, change);
      if (change.money.currencyCode !== cart.totalPrice.currencyCode)
        throw Errors.invalidInput(
          `The money is in ${change.money.currencyCode}, the cart in ${cart.totalPrice.currencyCode}.`,
        );
      return { resource: replace(cart, item, { ...item, money: centsOf(change.money) }) };
    }),
    changeCustomLineItemPriceMode: action(A.changeCustomLineItemPriceMode, (cart: Cart, change) => {
      const item = customLineItemOf(cart, change);
      return { resource: replace(cart, item, { ...item, priceMode: change.mode }) };
    }),
    removeCustomLineItem: action(A.removeCustomLineItem, (cart: Cart, change) => ({
      resource: replace(cart, customLineItemOf(cart, change), undefined),
    })),
    setCustomLineItemCustomType: action(
      A.setCustomLineItemCustomType,
      async (cart: Cart, change, { ctx }) => {
        const item = customLineItemOf(cart, change);
        const custom = await customOrNone(deps, ctx, 'custom-line-item', change.type, change.fields);
        return { resource: replace(cart, item, withOptional(item, 'custom', custom)) };
      },
    ),
    setCustomLineItemCustomField: action(
      A.setCustomLineItemCustomField,
      async (cart: Cart, change, { ctx }) => {
        const item = customLineItemOf(cart, change);
        return {
          resource: replace(cart, item, {
            ...item,
            custom: await withCustomField(deps, ctx, item.custom, change.name, change.value),
          }),
        };
      },
    ),
    setCustomLineItemShippingDetails: action(A.setCustomLineItemShippingDetails, (cart: Cart, change) => {
      const item = customLineItemOf(cart, change);
      if (change.shippingDetails)
        checkTargets(change.shippingDetails.targets, cart.itemShippingAddresses, cart);
      const details =
        change.shippingDetails && shippingDetailsOf(change.shippingDetails.targets, item.quantity);
      return { resource: replace(cart, item, withOptional(item, 'shippingDetails', details)) };
    }),
    applyDeltaToCustomLineItemShippingDetailsTargets: action(
      A.applyDeltaToCustomLineItemShippingDetailsTargets,
      (cart: Cart, change) => {
        const item = customLineItemOf(cart, change);
        const targets = applyTargetsDelta(item.shippingDetails?.targets ?? [], change.targetsDelta);
        checkTargets(targets, cart.itemShippingAddresses, cart);
        return {
          resource: replace(cart, item, {
            ...item,
            shippingDetails: shippingDetailsOf(targets, item.quantity),
          }),
        };
      },
    ),
    setCustomLineItemTaxRate: action(A.setCustomLineItemTaxRate, (cart: Cart, change) => {
      if (cart.taxMode !== 'External')
        throw Errors.invalidOperation('setCustomLineItemTaxRate needs the External tax mode.');
      if (change.shippingKey !== undefined && cart.shippingMode !== 'Multiple')
        throw Errors.invalidOperation('shippingKey is only allowed in the Multiple shipping mode.');
      const item = customLineItemOf(cart, change);
      const rate = change.externalTaxRate && externalTaxRateOf(change.externalTaxRate);
      if (change.shippingKey !== undefined)
        return { resource: replace(cart, item, withMethodTaxRate(cart, item, change.shippingKey, rate)) };
      return {
        resource: replace(
          cart,
          item,
          withOptional(withOptional(item, 'taxRate', rate), 'taxedPrice', undefined),
        ),
      };
    }),
    setCustomLineItemTaxAmount: action(A.setCustomLineItemTaxAmount, (cart: Cart, change) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw Errors.invalidOperation('setCustomLineItemTaxAmount needs the ExternalAmount tax mode.');
      if (change.shippingKey !== undefined && cart.shippingMode !== 'Multiple')
        throw Errors.invalidOperation('shippingKey is only allowed in the Multiple shipping mode.');
      const item = customLineItemOf(cart, change);
      if (!change.externalTaxAmount)
        return {
          resource: replace(
            cart,
            item,
            withOptional(withOptional(item, 'taxRate', undefined), 'taxedPrice', undefined),
          ),
        };
      const gross = centsOf(change.externalTaxAmount.totalGross) as CustomLineItem['totalPrice'];
      return {
        resource: replace(cart, item, {
          ...item,
          taxRate: externalTaxRateOf(change.externalTaxAmount.taxRate, 'externalTaxAmount.taxRate'),
          taxedPrice: { totalNet: item.totalPrice, totalGross: gross, taxPortions: [] },
        }),
      };
    }),
    setCustomLineItemRecurrenceInfo: action(
      A.setCustomLineItemRecurrenceInfo,
      async (cart: Cart, change, { ctx }) => {
        const item = customLineItemOf(cart, change);
        const info = change.recurrenceInfo && (await recurrenceInfoOf(deps, ctx, change.recurrenceInfo));
        return { resource: replace(cart, item, withOptional(item, 'recurrenceInfo', info)) };
      },
    ),
  };
}
