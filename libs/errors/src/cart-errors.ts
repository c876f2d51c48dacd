import { ApiError } from './api-error.js';

/**
 * The errors of carts (checkout facts 3.2, SDK error.d.ts), each with its code's extra fields; MatchingPriceNotFound
 * and MissingTaxRateForCountry are `Errors.*` (raised by `@commerce/pricing`).
 */
export const CartErrors = {
  /** An Order Edit whose staged actions fail on the order: its `PreviewFailure` result with the errors. */
  editPreviewFailed(result: { type: 'PreviewFailure'; errors: unknown[] }): ApiError {
    return new ApiError({
      code: 'EditPreviewFailed',
      message: 'The staged actions of the Order Edit cannot be applied to the Order.',
      result,
    });
  },
  invalidItemShippingDetails(subject: 'LineItem' | 'CustomLineItem', itemId: string): ApiError {
    return new ApiError({
      code: 'InvalidItemShippingDetails',
      message: `Inconsistent shipping details for ${subject} with ID '${itemId}'. ${subject} quantity is different from the sum of the target quantities.`,
      subject,
      itemId,
    });
  },
  lineItemQuantityAboveLimit(lineItemId: string, quantity: number, maxCartQuantity: number): ApiError {
    return new ApiError({
      code: 'LineItemQuantityAboveLimit',
      message: `The quantity ${quantity} of line item '${lineItemId}' is above the maximum cart quantity ${maxCartQuantity}.`,
      quantity,
      maxCartQuantity,
      lineItem: lineItemId,
    });
  },
  lineItemQuantityBelowLimit(lineItemId: string, quantity: number, minCartQuantity: number): ApiError {
    return new ApiError({
      code: 'LineItemQuantityBelowLimit',
      message: `The quantity ${quantity} of line item '${lineItemId}' is below the minimum cart quantity ${minCartQuantity}.`,
      quantity,
      minCartQuantity,
      lineItem: lineItemId,
    });
  },
  countryNotConfiguredInStore(storeCountries: string[], country: string): ApiError {
    return new ApiError({
      code: 'CountryNotConfiguredInStore',
      message: `The country '${country}' is not configured for the store. Allowed countries: ${storeCountries.join(', ') || 'none'}.`,
      storeCountries,
      country,
    });
  },
  /** An unknown, inactive or not applicable discount code (checkout facts 3.2, 4.14). */
  /** Without a reason: a code on a cart being ordered whose state is no longer MatchesCart (checkout facts 3.2). */
  discountCodeNonApplicable(
    discountCode: string,
    reason?: 'DoesNotExist' | 'TimeRangeNonApplicable',
    discountCodeId?: string,
  ): ApiError {
    const why =
      reason === undefined
        ? 'does not apply to the cart any more'
        : reason === 'DoesNotExist'
          ? 'was not found'
          : 'is not valid at this time';
    return new ApiError({
      code: 'DiscountCodeNonApplicable',
      message: `The discount code '${discountCode}' ${why}.`,
      discountCode,
      ...(reason ? { reason } : {}),
      ...(discountCodeId ? { discountCodeId } : {}),
    });
  },
  shippingMethodDoesNotMatchCart(): ApiError {
    return new ApiError({
      code: 'ShippingMethodDoesNotMatchCart',
      message: "The predicate of the cart's shipping method does not match the cart.",
    });
  },
  /** Prices, tax rates or the shipping price moved since the cart was last recalculated (checkout facts 3.2). */
  priceChanged(lineItems: string[], shipping: boolean): ApiError {
    const what = [
      ...(lineItems.length ? [`the line items ${lineItems.map((id) => `'${id}'`).join(', ')}`] : []),
      ...(shipping ? ['the shipping'] : []),
    ].join(' and ');
    return new ApiError({
      code: 'PriceChanged',
      message: `The price or tax of ${what} changed since the cart was last recalculated.`,
      lineItems,
      shipping,
    });
  },
};
