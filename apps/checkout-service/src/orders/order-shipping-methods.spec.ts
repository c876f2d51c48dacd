import type { Cart } from '@commerce/contracts';
import { shippingMethodIdsOf } from '../shipping-methods/matching-cart.js';
import { checkShippingMethods } from './order-shipping-methods.js';

const info = (id: string) => ({ shippingMethod: { typeId: 'shipping-method' as const, id } });
const cart = {
  id: 'c1',
  customerEmail: 'vip@example.com',
  store: { typeId: 'store', key: 'berlin' },
  shipping: [],
} as unknown as Cart;
const codeOf = (run: () => void) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { toBody: () => { errors: Array<{ code: string }> } }).toBody().errors[0].code;
  }
};

describe('the shipping methods of a cart at order creation', () => {
  it('are those of shippingInfo and of every shipping, once each', () => {
    expect(shippingMethodIdsOf({ shippingInfo: info('a') as never, shipping: [] })).toEqual(['a']);
    expect(
      shippingMethodIdsOf({
        shipping: [
          { shippingInfo: info('a') },
          { shippingInfo: info('b') },
          { shippingInfo: info('a') },
        ] as never,
      }),
    ).toEqual(['a', 'b']);
    expect(
      shippingMethodIdsOf({ shippingInfo: { shippingMethodName: 'custom' } as never, shipping: [] }),
    ).toEqual([]);
  });

  it('must be active, of the cart Store and hold their predicate for the cart', () => {
    const method = { id: 'a', name: 'Parcel' };
    expect(codeOf(() => checkShippingMethods(cart, [method]))).toBeUndefined();
    expect(
      codeOf(() =>
        checkShippingMethods(cart, [{ ...method, predicate: 'customerEmail = "vip@example.com"' }]),
      ),
    ).toBeUndefined();
    expect(
      codeOf(() =>
        checkShippingMethods(cart, [{ ...method, predicate: 'customerEmail = "other@example.com"' }]),
      ),
    ).toBe('ShippingMethodDoesNotMatchCart');
    expect(codeOf(() => checkShippingMethods(cart, [{ ...method, active: false }]))).toBe('InvalidOperation');
    expect(
      codeOf(() => checkShippingMethods(cart, [{ ...method, stores: [{ typeId: 'store', key: 'paris' }] }])),
    ).toBe('InvalidOperation');
  });
});
