import { ApiError } from './api-error.js';

type Ref<T extends string> = { typeId: T; id: string };

/** Where a price was looked for: the fields of MatchingPriceNotFound (absent = "all"). */
export interface PriceScope {
  currency: string;
  country?: string;
  customerGroup?: Ref<'customer-group'>;
  channel?: Ref<'channel'>;
}

/** The errors of carts (checkout facts 3.2, SDK error.d.ts), each with its code's extra fields. */
export const CartErrors = {
  matchingPriceNotFound(productId: string, variantId: number, scope: PriceScope): ApiError {
    const where = [
      `currency '${scope.currency}'`,
      scope.country ? `country '${scope.country}'` : 'all countries',
      scope.customerGroup ? `customer group '${scope.customerGroup.id}'` : 'all customer groups',
      scope.channel ? `channel '${scope.channel.id}'` : 'all channels',
    ];
    return new ApiError({
      code: 'MatchingPriceNotFound',
      message: `The variant '${variantId}' of product '${productId}' does not contain a price for ${where.slice(0, -1).join(', ')} and ${where.at(-1)}.`,
      productId,
      variantId,
      currency: scope.currency,
      ...(scope.country ? { country: scope.country } : {}),
      ...(scope.customerGroup ? { customerGroup: scope.customerGroup } : {}),
      ...(scope.channel ? { channel: scope.channel } : {}),
    });
  },
  missingTaxRateForCountry(taxCategoryId: string, country?: string, state?: string): ApiError {
    const where = country ? ` for country '${country}'${state ? ` and state '${state}'` : ''}` : '';
    return new ApiError({
      code: 'MissingTaxRateForCountry',
      message: `Tax category '${taxCategoryId}' is missing a tax rate${where}.`,
      taxCategoryId,
      ...(country ? { country } : {}),
      ...(state ? { state } : {}),
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
  shippingMethodDoesNotMatchCart(): ApiError {
    return new ApiError({
      code: 'ShippingMethodDoesNotMatchCart',
      message: "The predicate of the cart's shipping method does not match the cart.",
    });
  },
};
