import { CartErrors } from './cart-errors.js';

describe('CartErrors', () => {
  it('carries the extra fields of the other cart errors', () => {
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
