import {
  CART_ACTIONS,
  type Cart,
  type CustomShippingRateDraftDto,
  type ShippingInfo,
  type Zone,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { externalTaxRateOf, findZone, rateForCurrency } from '@commerce/pricing';
import { action, resolveCustomFields, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { customOrNone, withCustomField } from './cart-context-actions.js';
import type { CartDeps } from './cart-deps.js';
import { taxCategoryRef } from './cart-custom-line-item-actions.js';

const A = CART_ACTIONS;
type Money = ShippingInfo['price'];

/** What a cart reads of a shipping method (the resource is served by checkout-service's shipping methods). */
interface ShippingMethodDoc {
  id: string;
  name: string;
  active?: boolean;
  taxCategory: { typeId: 'tax-category'; id: string };
  zoneRates: Array<{ zone: { typeId: 'zone'; id: string }; shippingRates: ShippingInfo['shippingRate'][] }>;
}

function cents(money: { currencyCode: string; centAmount?: number }): Money {
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount: money.centAmount ?? 0,
    fractionDigits: 2,
  };
}

function customRate(cart: Cart, rate: CustomShippingRateDraftDto): ShippingInfo['shippingRate'] {
  const currency = cart.totalPrice.currencyCode;
  if (rate.price.currencyCode !== currency)
    throw Errors.invalidInput(`The shipping rate is in ${rate.price.currencyCode}, the cart in ${currency}.`);
  return {
    price: cents(rate.price),
    ...(rate.freeAbove ? { freeAbove: cents(rate.freeAbove) } : {}),
    tiers: (rate.tiers ?? []) as unknown as ShippingInfo['shippingRate']['tiers'],
  };
}

function singleOnly(cart: Cart, name: string): void {
  if (cart.shippingMode !== 'Single')
    throw Errors.invalidOperation(`${name} is for the Single shipping mode.`);
}

function multipleNotSupported(name: string): never {
  throw Errors.invalidOperation(`${name}: the Multiple shipping mode is not supported yet.`);
}

/** Shipping in the Single mode (checkout facts 3.1 "Shipping", 4.12); the price follows at recalculation. */
export function shippingActions(
  deps: CartDeps,
): Record<
  | 'setShippingMethod'
  | 'setCustomShippingMethod'
  | 'addShippingMethod'
  | 'addCustomShippingMethod'
  | 'removeShippingMethod'
  | 'setShippingRateInput'
  | 'setShippingMethodTaxRate'
  | 'setShippingMethodTaxAmount'
  | 'setShippingCustomType'
  | 'setShippingCustomField'
  | 'setEstimatedDelivery',
  ActionHandler<Cart>
> {
  const requireInfo = (cart: Cart): ShippingInfo => {
    if (!cart.shippingInfo) throw Errors.invalidOperation('The cart has no shipping method.');
    return cart.shippingInfo;
  };
  return {
    setShippingMethod: action(A.setShippingMethod, async (cart: Cart, change, { ctx }) => {
      singleOnly(cart, 'setShippingMethod');
      if (!change.shippingMethod) return { resource: withOptional(cart, 'shippingInfo', undefined) };
      if (!cart.shippingAddress)
        throw Errors.invalidOperation('A shipping method needs the cart to have a shipping address.');
      const [method] = await deps.resolver.require<ShippingMethodDoc & Record<string, unknown>>(
        ctx,
        'shipping-method',
        [change.shippingMethod],
      );
      if (method.active === false)
        throw Errors.invalidOperation(`The shipping method '${method.name}' is not active.`);
      const zones = await deps.resolver.require<Zone & Record<string, unknown>>(
        ctx,
        'zone',
        method.zoneRates.map((rate) => rate.zone),
      );
      const zone = findZone(zones, cart.shippingAddress);
      const zoneRate = zone && method.zoneRates.find((rate) => rate.zone.id === zone.id);
      const rate = zoneRate && rateForCurrency(zoneRate.shippingRates, cart.totalPrice.currencyCode);
      if (!rate)
        throw Errors.invalidOperation(
          `The shipping method '${method.name}' does not ship to the cart's address in its currency.`,
        );
      await taxCategoryRef(deps, ctx, method.taxCategory);
      const info: ShippingInfo = {
        shippingMethodName: method.name,
        price: rate.price,
        shippingRate: rate,
        taxCategory: method.taxCategory,
        shippingMethod: { typeId: 'shipping-method', id: method.id },
        shippingMethodState: 'MatchesCart',
        ...(change.externalTaxRate ? { taxRate: externalTaxRateOf(change.externalTaxRate) } : {}),
        ...(change.estimatedDelivery ? { estimatedDelivery: change.estimatedDelivery } : {}),
      };
      return { resource: { ...cart, shippingInfo: info } };
    }),
    setCustomShippingMethod: action(A.setCustomShippingMethod, async (cart: Cart, change, { ctx }) => {
      singleOnly(cart, 'setCustomShippingMethod');
      const taxCategory = await taxCategoryRef(deps, ctx, change.taxCategory);
      if (cart.taxMode === 'Platform' && !taxCategory)
        throw Errors.invalidInput('A custom shipping method needs a taxCategory in the Platform tax mode.');
      const custom = await resolveCustomFields(deps.resolver, ctx, 'order', change.custom);
      const rate = customRate(cart, change.shippingRate);
      const info: ShippingInfo = {
        shippingMethodName: change.shippingMethodName,
        price: rate.price,
        shippingRate: rate,
        ...(taxCategory ? { taxCategory } : {}),
        ...(change.externalTaxRate ? { taxRate: externalTaxRateOf(change.externalTaxRate) } : {}),
        shippingMethodState: 'MatchesCart',
        ...(change.estimatedDelivery ? { estimatedDelivery: change.estimatedDelivery } : {}),
      };
      return { resource: withOptional({ ...cart, shippingInfo: info }, 'shippingCustomFields', custom) };
    }),
    addShippingMethod: action(A.addShippingMethod, () => multipleNotSupported('addShippingMethod')),
    addCustomShippingMethod: action(A.addCustomShippingMethod, () =>
      multipleNotSupported('addCustomShippingMethod'),
    ),
    removeShippingMethod: action(A.removeShippingMethod, () => multipleNotSupported('removeShippingMethod')),
    setShippingRateInput: action(A.setShippingRateInput, (cart: Cart, { shippingRateInput }) => ({
      resource: withOptional(
        cart,
        'shippingRateInput',
        shippingRateInput &&
          (shippingRateInput.type === 'Classification'
            ? { type: 'Classification', key: shippingRateInput.key ?? '', label: {} }
            : { type: 'Score', score: shippingRateInput.score ?? 0 }),
      ),
    })),
    setShippingMethodTaxRate: action(A.setShippingMethodTaxRate, (cart: Cart, change) => {
      if (change.shippingKey !== undefined) multipleNotSupported('setShippingMethodTaxRate');
      if (cart.taxMode !== 'External')
        throw Errors.invalidOperation('setShippingMethodTaxRate needs the External tax mode.');
      const info = requireInfo(cart);
      const rate = change.externalTaxRate && externalTaxRateOf(change.externalTaxRate);
      return {
        resource: {
          ...cart,
          shippingInfo: withOptional(withOptional(info, 'taxRate', rate), 'taxedPrice', undefined),
        },
      };
    }),
    setShippingMethodTaxAmount: action(A.setShippingMethodTaxAmount, (cart: Cart, change) => {
      if (change.shippingKey !== undefined) multipleNotSupported('setShippingMethodTaxAmount');
      if (cart.taxMode !== 'ExternalAmount')
        throw Errors.invalidOperation('setShippingMethodTaxAmount needs the ExternalAmount tax mode.');
      const info = requireInfo(cart);
      if (!change.externalTaxAmount)
        return {
          resource: {
            ...cart,
            shippingInfo: withOptional(withOptional(info, 'taxRate', undefined), 'taxedPrice', undefined),
          },
        };
      return {
        resource: {
          ...cart,
          shippingInfo: {
            ...info,
            taxRate: externalTaxRateOf(change.externalTaxAmount.taxRate, 'externalTaxAmount.taxRate'),
            taxedPrice: {
              totalNet: info.price,
              totalGross: cents(change.externalTaxAmount.totalGross),
              taxPortions: [],
            },
          },
        },
      };
    }),
    setShippingCustomType: action(A.setShippingCustomType, async (cart: Cart, change, { ctx }) => {
      if (change.shippingKey !== undefined) multipleNotSupported('setShippingCustomType');
      requireInfo(cart);
      const custom = await customOrNone(deps, ctx, 'order', change.type, change.fields);
      return { resource: withOptional(cart, 'shippingCustomFields', custom) };
    }),
    setShippingCustomField: action(A.setShippingCustomField, async (cart: Cart, change, { ctx }) => {
      if (change.shippingKey !== undefined) multipleNotSupported('setShippingCustomField');
      requireInfo(cart);
      return {
        resource: {
          ...cart,
          shippingCustomFields: await withCustomField(
            deps,
            ctx,
            cart.shippingCustomFields,
            change.name,
            change.value,
          ),
        },
      };
    }),
    setEstimatedDelivery: action(A.setEstimatedDelivery, (cart: Cart, change) => {
      if (change.shippingKey !== undefined) multipleNotSupported('setEstimatedDelivery');
      const info = requireInfo(cart);
      return {
        resource: {
          ...cart,
          shippingInfo: withOptional(info, 'estimatedDelivery', change.estimatedDelivery),
        },
        messages: [
          {
            type: 'CartEstimatedDeliverySet',
            ...(change.estimatedDelivery ? { estimatedDelivery: change.estimatedDelivery } : {}),
          },
        ],
      };
    }),
  };
}
