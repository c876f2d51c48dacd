import { ApiError } from '@commerce/errors';
import { inStoreCustomerScopes } from './in-store-customer-scopes.js';

const CLIENT =
  'issue_customer_tokens:shop:berlin manage_my_profile:shop:berlin manage_my_orders:shop:berlin manage_orders:shop:berlin';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_scope') return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe(inStoreCustomerScopes.name, () => {
  it('gives the client’s store scopes of that Store by default, never issue_customer_tokens', () => {
    expect(inStoreCustomerScopes(CLIENT, undefined, 'shop', 'berlin')).toEqual([
      'manage_my_profile:shop:berlin',
      'manage_my_orders:shop:berlin',
      'manage_orders:shop:berlin',
    ]);
  });

  it('gives the requested scopes of that Store', () => {
    expect(inStoreCustomerScopes(CLIENT, 'manage_my_profile:shop:berlin', 'shop', 'berlin')).toEqual([
      'manage_my_profile:shop:berlin',
    ]);
  });

  it('needs issue_customer_tokens for that Store (or the project)', () => {
    expect(refusal(() => inStoreCustomerScopes(CLIENT, undefined, 'shop', 'paris'))).toMatch(
      /issue_customer_tokens:shop:paris/,
    );
    expect(
      refusal(() => inStoreCustomerScopes('manage_my_profile:shop:berlin', undefined, 'shop', 'berlin')),
    ).toMatch(/issue_customer_tokens/);
    expect(refusal(() => inStoreCustomerScopes(CLIENT, undefined, 'other', 'berlin'))).toMatch(
      /issue_customer/,
    );
    expect(
      inStoreCustomerScopes(
        'issue_customer_tokens:shop manage_my_profile:shop:paris',
        undefined,
        'shop',
        'paris',
      ),
    ).toEqual(['manage_my_profile:shop:paris']);
  });

  it.each([
    'manage_my_profile:shop',
    'manage_my_profile:shop:paris',
    'issue_customer_tokens:shop:berlin',
    'customer_id:123',
    'manage_project:shop',
    'not a scope',
  ])('refuses to hand out %s', (scope) => {
    expect(refusal(() => inStoreCustomerScopes(CLIENT, scope, 'shop', 'berlin'))).toMatch(/Only scopes/);
  });

  it('refuses a store scope beyond the client’s scopes', () => {
    expect(
      refusal(() => inStoreCustomerScopes(CLIENT, 'manage_customers:shop:berlin', 'shop', 'berlin')),
    ).toMatch(/beyond/);
  });

  it('refuses a default when the client has no store scope to give', () => {
    expect(
      refusal(() => inStoreCustomerScopes('issue_customer_tokens:shop:berlin', undefined, 'shop', 'berlin')),
    ).toMatch(/no scope of the Store/);
  });
});
