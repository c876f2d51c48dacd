import {
  CART_ACTIONS,
  DISCOUNT_CODE_LIMITS,
  type Cart,
  type CustomerGroup,
  type LineItem,
  type TaxedPrice,
} from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';
import { action, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import type { CartDeps } from './cart-deps.js';
import { cartRequestOf } from './cart-request.js';
import { codeStateOf, type CartDiscountData } from './cart-discounts.js';

const A = CART_ACTIONS;
type Customer = { id: string; customerGroup?: { typeId: 'customer-group'; id: string } };

function cents(money: { currencyCode: string; centAmount?: number }) {
  return {
    type: 'centPrecision' as const,
    currencyCode: money.currencyCode,
    centAmount: money.centAmount ?? 0,
    fractionDigits: 2,
  };
}

/** Without external rates (leaving the External modes drops them, checkout facts 4.6). */
function withoutExternalTax<T extends { taxRate?: { id?: string }; taxedPrice?: unknown }>(item: T): T {
  return item.taxRate && item.taxRate.id === undefined
    ? withOptional(withOptional(item, 'taxRate', undefined), 'taxedPrice', undefined)
    : item;
}

/**
 * `addDiscountCode` (checkout facts 4.14): an unknown, inactive or other-Store code is DoesNotExist, one outside
 * its dates TimeRangeNonApplicable; a valid code that does not match the cart is added (DoesNotMatchCart).
 * Its state is set by the recalculation that follows.
 */
function withDiscountCode(cart: Cart, text: string, discounts: CartDiscountData | undefined): Cart {
  const code = discounts?.codes.find((c) => c.code === text);
  const otherStore =
    code !== undefined &&
    code.stores.length > 0 &&
    !code.stores.some((store) => store.key === cart.store?.key);
  if (!code || !code.isActive || otherStore) throw CartErrors.discountCodeNonApplicable(text, 'DoesNotExist');
  if (codeStateOf(code, Date.now()) === 'NotValid')
    throw CartErrors.discountCodeNonApplicable(text, 'TimeRangeNonApplicable');
  if (cart.directDiscounts.length > 0)
    throw Errors.invalidOperation('A cart with direct discounts takes no discount codes.');
  if (cart.discountCodes.some((info) => info.discountCode.id === code.id)) return cart;
  if (cart.discountCodes.length >= DISCOUNT_CODE_LIMITS.codesPerCart)
    throw Errors.invalidOperation(
      `A cart takes at most ${DISCOUNT_CODE_LIMITS.codesPerCart} discount codes.`,
    );
  return {
    ...cart,
    discountCodes: [
      ...cart.discountCodes,
      { discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' },
    ],
  };
}

/**
 * Customer, tax mode, discounts, payments and the rest of the cart actions (checkout facts 3.1);
 * `addShoppingList` adds each line item of the list as `addLineItem` does (`addLineItem` is that handler).
 */
export function miscActions(
  deps: CartDeps,
  addLineItem: ActionHandler<Cart>,
): Record<
  | 'setCustomerId'
  | 'setCustomerGroup'
  | 'setBusinessUnit'
  | 'changeTaxMode'
  | 'setCartTotalTax'
  | 'addDiscountCode'
  | 'removeDiscountCode'
  | 'setDirectDiscounts'
  | 'addPayment'
  | 'removePayment'
  | 'recalculate'
  | 'addShoppingList'
  | 'setReservationExpirationInMinutes',
  ActionHandler<Cart>
> {
  return {
    // The customer's group comes with the customer; unsetting the customer clears it (checkout facts 3.1).
    setCustomerId: action(A.setCustomerId, async (cart: Cart, { customerId }, { ctx }) => {
      if (customerId === undefined)
        return {
          resource: withOptional(withOptional(cart, 'customerId', undefined), 'customerGroup', undefined),
        };
      const [customer] = await deps.resolver.require<Customer & Record<string, unknown>>(ctx, 'customer', [
        { id: customerId },
      ]);
      const next = withOptional(
        { ...cart, customerId: customer.id },
        'customerGroup',
        customer.customerGroup,
      );
      return { resource: next };
    }),
    setCustomerGroup: action(A.setCustomerGroup, async (cart: Cart, { customerGroup }, { ctx }) => {
      if (cart.customerId !== undefined)
        throw Errors.invalidOperation("The cart has a customer: its customer group is the customer's.");
      if (!customerGroup) return { resource: withOptional(cart, 'customerGroup', undefined) };
      const [group] = await deps.resolver.require<CustomerGroup & Record<string, unknown>>(
        ctx,
        'customer-group',
        [customerGroup],
      );
      return { resource: { ...cart, customerGroup: { typeId: 'customer-group', id: group.id } } };
    }),
    setBusinessUnit: action(A.setBusinessUnit, async (cart: Cart, { businessUnit }, { ctx }) => {
      const [unit] = await deps.resolver.require<{ id: string; key: string } & Record<string, unknown>>(
        ctx,
        'business-unit',
        [businessUnit],
      );
      return { resource: { ...cart, businessUnit: { typeId: 'business-unit', key: unit.key } } };
    }),
    changeTaxMode: action(A.changeTaxMode, (cart: Cart, { taxMode }) => {
      if (taxMode === cart.taxMode) return { resource: cart };
      const external = (mode: string) => mode === 'External' || mode === 'ExternalAmount';
      if (!external(cart.taxMode)) return { resource: { ...cart, taxMode } };
      const next: Cart = {
        ...cart,
        taxMode,
        lineItems: cart.lineItems.map(withoutExternalTax),
        customLineItems: cart.customLineItems.map(withoutExternalTax),
        ...(cart.shippingInfo ? { shippingInfo: withoutExternalTax(cart.shippingInfo) } : {}),
      };
      return { resource: withOptional(next, 'taxedPrice', undefined) };
    }),
    setCartTotalTax: action(A.setCartTotalTax, (cart: Cart, { externalTotalGross, externalTaxPortions }) => {
      if (cart.taxMode !== 'ExternalAmount')
        throw Errors.invalidOperation('setCartTotalTax needs the ExternalAmount tax mode.');
      const taxedPrice: TaxedPrice = {
        totalNet: cart.totalPrice,
        totalGross: cents(externalTotalGross),
        taxPortions: (externalTaxPortions ?? []).map((portion) => ({
          ...(portion.name !== undefined ? { name: portion.name } : {}),
          rate: portion.rate,
          amount: cents(portion.amount),
        })),
      };
      return { resource: { ...cart, taxedPrice } };
    }),
    addDiscountCode: action(A.addDiscountCode, (cart: Cart, { code }, { ctx }) => ({
      resource: withDiscountCode(cart, code, cartRequestOf(ctx).discounts),
    })),
    removeDiscountCode: action(A.removeDiscountCode, (cart: Cart, { discountCode }) => {
      const present = cart.discountCodes.find((info) => info.discountCode.id === discountCode.id);
      if (!present)
        throw Errors.invalidOperation(
          `The discount code '${discountCode.id ?? discountCode.key}' is not on the cart.`,
        );
      return { resource: { ...cart, discountCodes: cart.discountCodes.filter((info) => info !== present) } };
    }),
    setDirectDiscounts: action(A.setDirectDiscounts, (cart: Cart, { discounts }) => {
      if (discounts.length > 0) throw Errors.invalidOperation('Direct discounts are not supported yet.');
      return { resource: { ...cart, directDiscounts: [] } };
    }),
    addPayment: action(A.addPayment, async (cart: Cart, { payment }, { ctx }) => {
      const [found] = await deps.resolver.require<{ id: string } & Record<string, unknown>>(ctx, 'payment', [
        payment,
      ]);
      const payments = cart.paymentInfo?.payments ?? [];
      if (payments.some((existing) => existing.id === found.id)) return { resource: cart };
      return {
        resource: { ...cart, paymentInfo: { payments: [...payments, { typeId: 'payment', id: found.id }] } },
      };
    }),
    removePayment: action(A.removePayment, async (cart: Cart, { payment }, { ctx }) => {
      const id =
        payment.id ??
        (await deps.resolver.require<{ id: string } & Record<string, unknown>>(ctx, 'payment', [payment]))[0]
          .id;
      const payments = (cart.paymentInfo?.payments ?? []).filter((existing) => existing.id !== id);
      return {
        resource:
          payments.length > 0
            ? { ...cart, paymentInfo: { payments } }
            : withOptional(cart, 'paymentInfo', undefined),
      };
    }),
    // Prices and taxes are recalculated after every action; `updateProductData` also refreshes the snapshot.
    recalculate: action(A.recalculate, (cart: Cart, { updateProductData }, { ctx }) => {
      if (!updateProductData) return { resource: { ...cart } };
      const { catalog } = cartRequestOf(ctx);
      const lineItems = cart.lineItems.map((item): LineItem => {
        const product = catalog.product(item.productId, item.variant.id);
        if (!product) return item;
        return {
          ...item,
          name: product.name,
          productSlug: product.slug,
          productType: product.productType,
          variant: product.variant,
          ...(product.productKey !== undefined ? { productKey: product.productKey } : {}),
        };
      });
      return { resource: { ...cart, lineItems } };
    }),
    // SDK CartAddShoppingListAction: every line item of the list (text line items are not products), with
    // its quantity and custom fields and the given channels; the list itself is not changed.
    addShoppingList: action(A.addShoppingList, async (cart: Cart, add, context) => {
      const { shoppingList, distributionChannel, supplyChannel } = add;
      const list = cartRequestOf(context.ctx).shoppingLists?.find((candidate) =>
        shoppingList.id !== undefined ? candidate.id === shoppingList.id : candidate.key === shoppingList.key,
      );
      if (!list)
        throw Errors.referencedResourceNotFound(
          'shopping-list',
          shoppingList.id !== undefined ? { id: shoppingList.id } : { key: shoppingList.key ?? '' },
        );
      let resource = cart;
      const messages: NonNullable<Awaited<ReturnType<ActionHandler<Cart>['apply']>>['messages']> = [];
      for (const item of list.lineItems) {
        const outcome = await addLineItem.apply(
          resource,
          {
            productId: item.productId,
            ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
            quantity: item.quantity,
            ...(distributionChannel ? { distributionChannel } : {}),
            ...(supplyChannel ? { supplyChannel } : {}),
            ...(item.custom
              ? { custom: { type: { id: item.custom.type.id }, fields: item.custom.fields } }
              : {}),
          },
          context,
        );
        resource = outcome.resource;
        messages.push(...(outcome.messages ?? []));
      }
      return { resource, messages };
    }),
    setReservationExpirationInMinutes: action(A.setReservationExpirationInMinutes, () => {
      throw Errors.invalidOperation(
        'The cart holds no reservations: the ReserveOnCart inventory mode is not supported.',
      );
    }),
  };
}
