import type { Cart } from '@commerce/contracts';
import { withShippingMethodStates } from './matching-cart.js';

const info = (id: string, state: 'MatchesCart' | 'DoesNotMatchCart' = 'MatchesCart') =>
  ({ shippingMethod: { typeId: 'shipping-method', id }, shippingMethodState: state }) as Cart['shippingInfo'];

const cart = (over: Partial<Cart>): Cart =>
  ({ id: 'c', customerEmail: 'vip@example.com', shipping: [], ...over }) as unknown as Cart;

describe(withShippingMethodStates.name, () => {
  const predicates = new Map<string, string | undefined>([
    ['vip', 'customerEmail = "vip@example.com"'],
    ['other', 'customerEmail = "other@example.com"'],
    ['any', undefined],
  ]);

  it("sets each method's state from its predicate on the cart, in both shipping modes", () => {
    const single = withShippingMethodStates(cart({ shippingInfo: info('other') }), predicates);
    expect(single.shippingInfo?.shippingMethodState).toBe('DoesNotMatchCart');
    const multiple = withShippingMethodStates(
      cart({
        shipping: [
          { shippingKey: 'a', shippingInfo: info('vip', 'DoesNotMatchCart') },
          { shippingKey: 'b', shippingInfo: info('any', 'DoesNotMatchCart') },
          { shippingKey: 'c', shippingInfo: info('other') },
        ] as Cart['shipping'],
      }),
      predicates,
    );
    expect(multiple.shipping.map((entry) => entry.shippingInfo.shippingMethodState)).toEqual([
      'MatchesCart',
      'MatchesCart',
      'DoesNotMatchCart',
    ]);
  });

  it('keeps the cart itself when nothing changes, and the state of a method not read for the change', () => {
    const matching = cart({ shippingInfo: info('vip') });
    expect(withShippingMethodStates(matching, predicates)).toBe(matching);
    const unread = cart({ shippingInfo: info('new-one', 'MatchesCart') });
    expect(withShippingMethodStates(unread, predicates)).toBe(unread);
    expect(withShippingMethodStates(unread, undefined)).toBe(unread);
  });
});
