import type { Cart, CustomLineItem, ItemTaxRate, LineItem, TaxedPrice } from '@commerce/contracts';
import {
  recalculate,
  type CartDiscountRule,
  type DiscountedPriceOutput,
  requireLineItemPrice,
  selectLineItemPrice,
  type CartTotalsInput,
  type ItemTaxSource,
  type ShippingRateInputType,
  type TaxCategoryRates,
} from '@commerce/pricing';
import { Errors } from '@commerce/errors';
import type { CartCatalog } from './cart-catalog.js';
import {
  applicableDiscounts,
  finalCodeStates,
  giftDiscountOf,
  type CartDiscountData,
  type GiftDiscount,
} from './cart-discounts.js';
import { initialState, newLineItem } from './line-items.js';

/** The project settings a recalculation reads (Project `carts` and `shippingRateInputType`). */
export interface RepriceSettings {
  countryTaxRateFallbackEnabled?: boolean;
  shippingRateInputType?: ShippingRateInputType;
}

/**
 * The cart recalculated (checkout facts 4.3, 4.4): each Platform line item's price selected again from the
 * catalog's current prices in the cart's scope (currency, country, customer group, the item's distribution
 * channel, now), then totals, shipping price and taxes by `@commerce/pricing`'s `recalculate`. A frozen cart
 * keeps its prices. Raises MatchingPriceNotFound and MissingTaxRateForCountry.
 */
export function repriced(
  cart: Cart,
  catalog: CartCatalog,
  settings: RepriceSettings = {},
  now = new Date(),
  discounts?: CartDiscountData,
): Cart {
  const undiscounted = repricedWith(cart, catalog, settings, now);
  const hasGifts = cart.lineItems.some((item) => item.lineItemMode === 'GiftLineItem');
  if (!discounts || (discounts.cartDiscounts.length === 0 && cart.discountCodes.length === 0 && !hasGifts))
    return undiscounted;
  // The predicates read the cart as priced now, before cart discounts (checkout facts 4.3).
  const { rules, gifts, codeStates } = applicableDiscounts(undiscounted, discounts, now.getTime());
  const gifted = withGifts(cart, gifts, catalog, now, discounts.projectKey);
  return repricedWith(gifted, catalog, settings, now, {
    rules,
    codeStates,
    given: gifted.lineItems.flatMap((item) => giftDiscountOf(item) ?? []),
  });
}

/**
 * The cart's gift line items brought in line with the gift discounts that apply (checkout facts 4.13): one
 * line item (`lineItemMode: GiftLineItem`, quantity 1, total 0) per applying gift discount the customer has
 * not refused (`refusedGifts`), and none for a discount that stopped applying. A gift is priced by the cart's
 * price selection; a variant without a price there (or no longer in the catalog) is not given. A frozen cart
 * keeps its items.
 */
function withGifts(
  cart: Cart,
  gifts: readonly GiftDiscount[],
  catalog: CartCatalog,
  now: Date,
  projectKey: string,
): Cart {
  if (cart.cartState === 'Frozen') return cart;
  const refused = new Set(cart.refusedGifts.map((ref) => ref.id));
  const wanted = gifts.filter((gift) => !refused.has(gift.id));
  const wantedIds = new Set(wanted.map((gift) => gift.id));
  const kept = cart.lineItems.filter(
    (item) => item.lineItemMode !== 'GiftLineItem' || wantedIds.has(giftDiscountOf(item) ?? ''),
  );
  const present = new Set(kept.flatMap((item) => giftDiscountOf(item) ?? []));
  const added: LineItem[] = [];
  for (const gift of wanted) {
    if (present.has(gift.id)) continue;
    const product = catalog.product(gift.value.product.id, gift.value.variantId);
    if (!product) continue;
    const distributionChannel = gift.value.distributionChannel?.id;
    const supplyChannel = gift.value.supplyChannel?.id;
    const selected = selectLineItemPrice(
      product.variant.prices ?? [],
      {
        currency: cart.totalPrice.currencyCode,
        ...(cart.country !== undefined ? { country: cart.country } : {}),
        ...(cart.customerGroup ? { customerGroup: cart.customerGroup.id } : {}),
        ...(distributionChannel ? { channel: distributionChannel } : {}),
      },
      1,
      now,
    );
    if (!selected) continue;
    const item = newLineItem(
      product,
      { productId: product.productId, variantId: product.variant.id, quantity: 1 },
      selected.price,
      {
        ...(distributionChannel ? { distributionChannel } : {}),
        ...(supplyChannel ? { supplyChannel } : {}),
      },
      now.toISOString(),
      initialState(projectKey),
    );
    added.push({
      ...item,
      lineItemMode: 'GiftLineItem',
      discountedPricePerQuantity: [
        {
          quantity: 1,
          discountedPrice: {
            value: { ...selected.unitPrice, centAmount: 0 },
            includedDiscounts: [
              { discount: { typeId: 'cart-discount', id: gift.id }, discountedAmount: selected.unitPrice },
            ],
          },
        },
      ],
    });
  }
  if (added.length === 0 && kept.length === cart.lineItems.length) return cart;
  return { ...cart, lineItems: [...kept, ...added] };
}

function repricedWith(
  cart: Cart,
  catalog: CartCatalog,
  settings: RepriceSettings,
  now: Date,
  discounts?: {
    rules: CartDiscountRule[];
    codeStates: Parameters<typeof finalCodeStates>[1];
    /** The gift discounts whose line item is on the cart. */
    given: string[];
  },
): Cart {
  const currency = cart.totalPrice.currencyCode;
  const lineItems =
    cart.cartState === 'Frozen'
      ? cart.lineItems
      : cart.lineItems.map((item) => withPrice(cart, item, catalog, now));
  const tax = (taxCategoryId: string | undefined): TaxCategoryRates | undefined => {
    if (taxCategoryId === undefined) return undefined;
    const category = catalog.taxCategory(taxCategoryId);
    if (!category) throw Errors.referencedResourceNotFound('tax-category', { id: taxCategoryId });
    return { id: category.id, rates: category.rates };
  };
  const input: CartTotalsInput = {
    currency,
    taxMode: cart.taxMode,
    priceRoundingMode: cart.priceRoundingMode,
    taxRoundingMode: cart.taxRoundingMode,
    taxCalculationMode: cart.taxCalculationMode,
    ...(cart.shippingAddress ? { shippingAddress: cart.shippingAddress } : {}),
    ...(settings.countryTaxRateFallbackEnabled ? { countryTaxRateFallbackEnabled: true } : {}),
    lineItems: lineItems.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      priceMode: item.priceMode,
      lineItemMode: item.lineItemMode,
      unitPrice: item.price.discounted?.value ?? item.price.value,
      ...(item.priceMode === 'ExternalTotal' ? { externalTotalPrice: item.totalPrice } : {}),
      ...taxSource(cart, item, tax(taxCategoryOfLineItem(item, catalog))),
      ...multipleOf(cart, item),
    })),
    customLineItems: cart.customLineItems.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      money: item.money,
      ...taxSource(cart, item, tax(item.taxCategory?.id)),
      ...multipleOf(cart, item),
    })),
    shippingMode: cart.shippingMode,
    ...(cart.shippingMode === 'Multiple'
      ? {
          shippings: cart.shipping.map((entry) => ({
            shippingKey: entry.shippingKey,
            shippingAddress: entry.shippingAddress,
            shippingRate: entry.shippingInfo.shippingRate,
            ...(settings.shippingRateInputType ? { rateInputType: settings.shippingRateInputType } : {}),
            ...(entry.shippingRateInput ? { rateInput: entry.shippingRateInput } : {}),
            ...taxSource(cart, entry.shippingInfo, tax(entry.shippingInfo.taxCategory?.id)),
          })),
        }
      : {}),
    ...(cart.shippingInfo
      ? {
          shipping: {
            shippingRate: cart.shippingInfo.shippingRate,
            ...(settings.shippingRateInputType ? { rateInputType: settings.shippingRateInputType } : {}),
            ...(cart.shippingRateInput ? { rateInput: cart.shippingRateInput } : {}),
            ...taxSource(cart, cart.shippingInfo, tax(cart.shippingInfo.taxCategory?.id)),
          },
        }
      : {}),
    ...(cart.taxMode === 'ExternalAmount' && cart.taxedPrice
      ? {
          externalTotalTax: {
            totalGross: cart.taxedPrice.totalGross,
            taxPortions: cart.taxedPrice.taxPortions,
          },
        }
      : {}),
    ...(discounts ? { cartDiscounts: discounts.rules } : {}),
  };
  const totals = recalculate(input);
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((entry) => [entry.id, entry]));
  const liTotals = byId(totals.lineItems);
  const cliTotals = byId(totals.customLineItems);
  const next: Cart = {
    ...cart,
    lineItems: lineItems.map((item) => withTotals(item, liTotals.get(item.id)!)),
    customLineItems: cart.customLineItems.map((item) => withTotals(item, cliTotals.get(item.id)!)),
    totalPrice: totals.totalPrice,
    discountCodes: discounts
      ? finalCodeStates(
          cart,
          discounts.codeStates,
          [...totals.appliedDiscounts, ...discounts.given],
          totals.stoppedByGroupBestDeal,
        )
      : cart.discountCodes,
  };
  setOptional(
    next,
    'discountOnTotalPrice',
    totals.discountOnTotalPrice && {
      ...totals.discountOnTotalPrice,
      includedDiscounts: totals.discountOnTotalPrice.includedDiscounts.map(portionOf),
    },
  );
  setOptional(next, 'totalLineItemQuantity', totals.totalLineItemQuantity);
  setOptional(next, 'taxedPrice', totals.taxedPrice);
  setOptional(next, 'taxedShippingPrice', totals.taxedShippingPrice);
  if (cart.shippingMode === 'Multiple') {
    const byKey = new Map(totals.shippings.map((entry) => [entry.shippingKey, entry]));
    next.shipping = cart.shipping.map((entry) => {
      const computed = byKey.get(entry.shippingKey);
      if (!computed) return entry;
      const info = { ...entry.shippingInfo, price: computed.price, shippingRate: computed.shippingRate };
      setOptional(info, 'taxRate', computed.taxRate);
      setOptional(info, 'taxedPrice', computed.taxedPrice);
      return { ...entry, shippingInfo: info };
    });
  }
  if (cart.shippingInfo && totals.shipping) {
    const shippingInfo = {
      ...cart.shippingInfo,
      price: totals.shipping.price,
      shippingRate: totals.shipping.shippingRate,
    };
    setOptional(shippingInfo, 'taxRate', totals.shipping.taxRate);
    setOptional(
      shippingInfo,
      'discountedPrice',
      totals.shipping.discountedPrice && priceOf(totals.shipping.discountedPrice),
    );
    setOptional(shippingInfo, 'taxedPrice', totals.shipping.taxedPrice);
    next.shippingInfo = shippingInfo;
  }
  return next;
}

function withPrice(cart: Cart, item: LineItem, catalog: CartCatalog, now: Date): LineItem {
  if (item.priceMode !== 'Platform' || item.lineItemMode === 'GiftLineItem') return item;
  const current = catalog.product(item.productId, item.variant.id);
  const { price } = requireLineItemPrice(
    {
      productId: item.productId,
      variantId: item.variant.id,
      prices: current?.variant.prices ?? item.variant.prices,
    },
    {
      currency: cart.totalPrice.currencyCode,
      ...(cart.country !== undefined ? { country: cart.country } : {}),
      ...(cart.customerGroup ? { customerGroup: cart.customerGroup.id } : {}),
      ...(item.distributionChannel ? { channel: item.distributionChannel.id } : {}),
      ...(item.recurrenceInfo ? { recurrencePolicy: item.recurrenceInfo.recurrencePolicy.id } : {}),
    },
    item.quantity,
    now,
  );
  return { ...item, price };
}

function taxCategoryOfLineItem(item: LineItem, catalog: CartCatalog): string | undefined {
  return catalog.product(item.productId, item.variant.id)?.taxCategory?.id;
}

/** How an item is taxed in the cart's mode: its category (Platform), its external rate or amount. */
function taxSource(
  cart: Cart,
  item: { taxRate?: ItemTaxRate; taxedPrice?: TaxedPrice },
  category: TaxCategoryRates | undefined,
): ItemTaxSource {
  switch (cart.taxMode) {
    case 'Platform':
      return category ? { taxCategory: category } : {};
    case 'External':
      return item.taxRate ? { externalTaxRate: item.taxRate } : {};
    case 'ExternalAmount':
      return item.taxRate && item.taxedPrice
        ? { externalTaxAmount: { totalGross: item.taxedPrice.totalGross, taxRate: item.taxRate } }
        : {};
    case 'Disabled':
      return {};
  }
}

/**
 * An item's Multiple-mode inputs: its targets, and in the External tax mode its rates per shipping (kept
 * in `perMethodTaxRate` as `setLineItemTaxRate` with a `shippingKey` gave them).
 */
function multipleOf(cart: Cart, item: LineItem | CustomLineItem) {
  if (cart.shippingMode !== 'Multiple') return {};
  return {
    ...(item.shippingDetails ? { shippingTargets: item.shippingDetails.targets } : {}),
    ...(cart.taxMode === 'External' ? { perMethodExternalTaxRate: item.perMethodTaxRate } : {}),
  };
}

const portionOf = (portion: DiscountedPriceOutput['includedDiscounts'][number]) => ({
  discount: { typeId: 'cart-discount' as const, id: portion.discountId },
  discountedAmount: portion.discountedAmount,
});

const priceOf = (price: DiscountedPriceOutput) => ({
  value: price.value,
  includedDiscounts: price.includedDiscounts.map(portionOf),
});

function withTotals<T extends LineItem | CustomLineItem>(
  item: T,
  totals: {
    totalPrice: T['totalPrice'];
    taxRate?: unknown;
    taxedPrice?: unknown;
    perMethodTaxRate: unknown[];
    taxedPricePortions: unknown[];
    discountedPricePerQuantity?: { quantity: number; discountedPrice: DiscountedPriceOutput }[];
  },
): T {
  const next = {
    ...item,
    totalPrice: totals.totalPrice,
    perMethodTaxRate: totals.perMethodTaxRate as T['perMethodTaxRate'],
    taxedPricePortions: totals.taxedPricePortions as T['taxedPricePortions'],
  };
  // A gift keeps the one group that names its discount (its total is 0 by its mode).
  if (totals.discountedPricePerQuantity && !('lineItemMode' in item && item.lineItemMode === 'GiftLineItem'))
    next.discountedPricePerQuantity = totals.discountedPricePerQuantity.map((group) => ({
      quantity: group.quantity,
      discountedPrice: priceOf(group.discountedPrice),
    }));
  setOptional(next, 'taxRate', totals.taxRate as T['taxRate']);
  setOptional(next, 'taxedPrice', totals.taxedPrice as T['taxedPrice']);
  return next;
}

function setOptional<T extends object, K extends keyof T>(
  target: T,
  field: K,
  value: T[K] | undefined,
): void {
  if (value === undefined) delete target[field];
  else target[field] = value;
}
