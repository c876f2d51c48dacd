import type { InStoreCallbackToken } from '@commerce/contracts';
import { InStoreCallbackError } from './callback-error.js';
import { checkIntrospection, parseCallbackAnswer, type Expected } from './validate-token.js';

const NOW = 1_800_000_000;
const user: Expected = { kind: 'user', projectKey: 'shop', storeKey: 'berlin' };
const cart: Expected = { kind: 'cart', projectKey: 'shop', storeKey: 'berlin' };

const answer = (overrides: Partial<InStoreCallbackToken> = {}): InStoreCallbackToken => ({
  kind: 'user',
  access_token: 'tok-123',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'manage_my_profile:shop:berlin customer_id:c1',
  projectKey: 'shop',
  storeKey: 'berlin',
  customerId: 'c1',
  ...overrides,
});

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InStoreCallbackError) return `${error.reason}: ${error.message}`;
    throw error;
  }
  throw new Error('accepted');
}

describe(parseCallbackAnswer.name, () => {
  it('accepts the documented shape', () => {
    expect(parseCallbackAnswer(JSON.stringify(answer()), user)).toEqual(answer());
  });

  it.each([
    ['not json', 'malformed: The callback did not answer JSON.'],
    ['[]', 'malformed: The callback did not answer a JSON object.'],
    [JSON.stringify(answer({ kind: 'cart' })), "kind must be 'user'"],
    [JSON.stringify(answer({ access_token: '' })), 'access_token'],
    [JSON.stringify(answer({ access_token: 'a b' })), 'access_token'],
    [JSON.stringify(answer({ token_type: 'mac' as 'Bearer' })), 'token_type'],
    [JSON.stringify(answer({ expires_in: 0 })), 'expires_in'],
    [JSON.stringify(answer({ expires_in: 1.5 })), 'expires_in'],
    [JSON.stringify(answer({ storeKey: 'paris' })), "storeKey must be 'berlin'"],
    [JSON.stringify(answer({ projectKey: 'other' })), "projectKey must be 'shop'"],
    [JSON.stringify({ ...answer(), scope: 7 }), 'scope must be a string'],
  ])('refuses %s', (body, message) => {
    expect(reasonOf(() => parseCallbackAnswer(body, user))).toContain(message);
  });
});

describe(checkIntrospection.name, () => {
  const active = (scope: string, exp = NOW + 3600) => ({
    active: true as const,
    scope,
    exp,
    client_id: 'pos',
  });

  it('accepts a user token of the Store and names its customer and expiry', () => {
    expect(checkIntrospection(answer(), active(answer().scope), user, NOW, 30)).toEqual({
      expiresAt: NOW + 3600,
      customerId: 'c1',
    });
  });

  it('accepts a cart token with manage_orders of the Store', () => {
    const scope = 'manage_orders:shop:berlin';
    expect(
      checkIntrospection(
        answer({ kind: 'cart', scope, customerId: undefined }),
        active(scope),
        cart,
        NOW,
        30,
      ),
    ).toEqual({ expiresAt: NOW + 3600 });
  });

  it('refuses an inactive token', () => {
    expect(reasonOf(() => checkIntrospection(answer(), { active: false }, user, NOW, 30))).toMatch(
      /^inactive-token/,
    );
  });

  it.each([
    [
      'other scopes than answered',
      answer(),
      'manage_my_profile:shop:berlin manage_orders:shop:berlin customer_id:c1',
      /not the token’s scope/,
    ],
    [
      'a project-wide scope',
      answer({ scope: 'manage_my_profile:shop customer_id:c1' }),
      'manage_my_profile:shop customer_id:c1',
      /beyond the Store/,
    ],
    [
      'another Store',
      answer({ scope: 'manage_my_profile:shop:paris customer_id:c1' }),
      'manage_my_profile:shop:paris customer_id:c1',
      /beyond the Store/,
    ],
    [
      'another project',
      answer({ scope: 'manage_my_profile:x:berlin customer_id:c1' }),
      'manage_my_profile:x:berlin customer_id:c1',
      /beyond the Store/,
    ],
    [
      'no customer',
      answer({ scope: 'manage_my_profile:shop:berlin' }),
      'manage_my_profile:shop:berlin',
      /exactly one customer/,
    ],
    ['another customer', answer({ customerId: 'c2' }), answer().scope, /not the token’s customer/],
  ])('refuses a user token with %s', (_name, given, scope, message) => {
    expect(reasonOf(() => checkIntrospection(given, active(scope), user, NOW, 30))).toMatch(message);
  });

  it('refuses a cart token without manage_orders of the Store', () => {
    const scope = 'view_orders:shop:berlin';
    expect(
      reasonOf(() => checkIntrospection(answer({ kind: 'cart', scope }), active(scope), cart, NOW, 30)),
    ).toMatch(/must hold manage_orders:shop:berlin/);
  });

  it('refuses a token about to expire, or one whose real validity is longer than answered', () => {
    expect(
      reasonOf(() => checkIntrospection(answer(), active(answer().scope, NOW + 10), user, NOW, 30)),
    ).toMatch(/^expiry/);
    expect(
      reasonOf(() => checkIntrospection(answer({ expires_in: 60 }), active(answer().scope), user, NOW, 30)),
    ).toMatch(/^expiry/);
  });
});
