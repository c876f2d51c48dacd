import { CartErrors } from './cart-errors.js';

describe('CartErrors', () => {
  it('names the whole price scope in MatchingPriceNotFound, "all" where a field is not set', () => {
    const body = CartErrors.matchingPriceNotFound('p1', 2, {
      currency: 'EUR',
      customerGroup: { typeId: 'customer-group', id: 'g1' },
    }).toBody();
    expect(body.statusCode).toBe(400);
    expect(body.errors[0]).toEqual({
      code: 'MatchingPriceNotFound',
      message:
        "The variant '2' of product 'p1' does not contain a price for currency 'EUR', all countries, customer group 'g1' and all channels.",
      productId: 'p1',
      variantId: 2,
      currency: 'EUR',
      customerGroup: { typeId: 'customer-group', id: 'g1' },
    });
  });

  it('carries the extra fields of the other cart errors', () => {
    expect(CartErrors.missingTaxRateForCountry('tc', 'DE', 'Bayern').toBody().errors[0]).toMatchObject({
      code: 'MissingTaxRateForCountry',
      taxCategoryId: 'tc',
      country: 'DE',
      state: 'Bayern',
    });
    expect(CartErrors.lineItemQuantityAboveLimit('li', 5, 3).toBody().errors[0]).toMatchObject({
      quantity: 5,
      maxCartQuantity: 3,
      lineItem: 'li',
    });
    expect(CartErrors.countryNotConfiguredInStore(['DE'], 'FR').toBody().errors[0]).toMatchObject({
      storeCountries: ['DE'],
      country: 'FR',
    });
    expect(CartErrors.invalidItemShippingDetails('LineItem', 'li').status).toBe(400);
  });
});
