import { honouredScopes, isServiceScope, validateClientScopes } from './known-scopes.js';

describe(isServiceScope.name, () => {
  it.each([
    ['manage_project:demo', true],
    ['view_api_clients:demo', true],
    ['manage_orders:demo:berlin', true],
    ['create_anonymous_token:demo', true],
    ['manage_project:other', false],
    ['manage_everything:demo', false],
    ['customer_id:123', false],
    ['openid', false],
  ])('%s is a scope of demo: %s', (scope, expected) => expect(isServiceScope(scope, 'demo')).toBe(expected));
});

describe(honouredScopes.name, () => {
  it('keeps our scopes of the project and identity scopes, and drops the rest', () => {
    expect(
      honouredScopes(
        [
          'manage_my_profile:demo',
          'openid',
          'profile',
          'manage_project:other',
          'customer_id:c-1',
          'external_user_id:u-1',
          'write:everything',
          'view_stores:demo:berlin',
        ],
        'demo',
      ),
    ).toEqual([
      'manage_my_profile:demo',
      'customer_id:c-1',
      'external_user_id:u-1',
      'view_stores:demo:berlin',
    ]);
  });
});

describe(validateClientScopes.name, () => {
  it('accepts defined scopes of the project, once each', () => {
    expect(validateClientScopes('view_stores:demo  manage_customers:demo view_stores:demo', 'demo')).toEqual({
      ok: true,
      scopes: ['view_stores:demo', 'manage_customers:demo'],
    });
  });

  it.each([
    ['', ''],
    ['view_stores:other', 'view_stores:other'],
    ['view_stores:demo bogus:demo', 'bogus:demo'],
    ['customer_id:1', 'customer_id:1'],
  ])('refuses %j', (scope, invalid) =>
    expect(validateClientScopes(scope, 'demo')).toEqual({ ok: false, invalid }),
  );
});
