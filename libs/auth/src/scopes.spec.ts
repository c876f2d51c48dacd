import {
  covers,
  grants,
  hasPrivilege,
  identityFromScopes,
  parseScope,
  privilegesOf,
  satisfies,
} from './scopes.js';

describe(parseScope.name, () => {
  it.each([
    ['manage_stores:demo', { permission: 'manage_stores', projectKey: 'demo' }],
    ['manage_orders:demo:berlin', { permission: 'manage_orders', projectKey: 'demo', storeKey: 'berlin' }],
    ['create_anonymous_token:demo', { permission: 'create_anonymous_token', projectKey: 'demo' }],
  ])('parses %s', (input, expected) => expect(parseScope(input)).toEqual(expected));

  it.each(['', 'manage_stores', 'manage_stores:', 'Manage:demo', 'a:b:c:d', 'view_x:de mo', 'customer_id'])(
    'rejects %j',
    (input) => expect(parseScope(input)).toBeUndefined(),
  );
});

describe(grants.name, () => {
  it.each([
    ['manage_project:demo', 'view_stores', 'demo', undefined, true],
    ['manage_project:demo', 'manage_customers', 'demo', 'berlin', true],
    ['manage_project:other', 'view_stores', 'demo', undefined, false],
    ['manage_stores:demo', 'view_stores', 'demo', undefined, true],
    ['manage_stores:demo', 'manage_stores', 'demo', undefined, true],
    ['view_stores:demo', 'manage_stores', 'demo', undefined, false],
    ['view_stores:demo', 'view_channels', 'demo', undefined, false],
    ['manage_orders:demo:berlin', 'view_orders', 'demo', 'berlin', true],
    ['manage_orders:demo:berlin', 'view_orders', 'demo', 'paris', false],
    ['manage_orders:demo:berlin', 'view_orders', 'demo', undefined, false],
    ['manage_orders:demo', 'view_orders', 'demo', 'berlin', true],
    ['customer_id:123', 'view_stores', 'demo', undefined, false],
  ] as const)('%s grants %s in %s/%s: %s', (granted, required, project, store, expected) =>
    expect(grants(granted, required, project, store)).toBe(expected),
  );
});

describe(satisfies.name, () => {
  it('accepts any alternative', () => {
    expect(satisfies(['view_products:demo'], ['view_channels', 'view_products'], 'demo')).toBe(true);
    expect(satisfies(['view_orders:demo'], ['view_channels', 'view_products'], 'demo')).toBe(false);
  });
});

describe(covers.name, () => {
  it('lets a client request what its scopes imply and nothing more', () => {
    expect(covers(['manage_project:demo'], 'view_stores:demo')).toBe(true);
    expect(covers(['manage_stores:demo'], 'view_stores:demo')).toBe(true);
    expect(covers(['view_stores:demo'], 'manage_stores:demo')).toBe(false);
    expect(covers(['manage_project:demo'], 'manage_project:other')).toBe(false);
    expect(covers(['manage_project:demo'], 'customer_id:1')).toBe(false);
    expect(covers(['manage_orders:demo'], 'manage_orders:demo:berlin')).toBe(true);
    expect(covers(['create_anonymous_token:demo'], 'create_anonymous_token:demo')).toBe(true);
  });
});

describe(identityFromScopes.name, () => {
  it('reads customer, anonymous and external user ids', () => {
    expect(identityFromScopes(['view_x:p', 'customer_id:c1', 'external_user_id:u1'])).toEqual({
      customerId: 'c1',
      externalUserId: 'u1',
    });
  });
});

describe(privilegesOf.name, () => {
  it('finds manage_locked_carts in the project, through manage_project, and a store scope in its Store only', () => {
    expect(privilegesOf(['manage_orders:demo'], 'demo')).toEqual([]);
    expect(privilegesOf(['manage_orders:demo', 'manage_locked_carts:demo'], 'demo')).toEqual([
      'manage_locked_carts',
    ]);
    expect(privilegesOf(['manage_locked_carts:other'], 'demo')).toEqual([]);
    expect(privilegesOf(['manage_project:demo'], 'demo')).toEqual(['manage_locked_carts']);
    expect(privilegesOf(['manage_locked_carts:demo:berlin'], 'demo', 'berlin')).toEqual([
      'manage_locked_carts',
    ]);
    expect(privilegesOf(['manage_locked_carts:demo:berlin'], 'demo', 'paris')).toEqual([]);
    expect(privilegesOf(['manage_locked_carts:demo:berlin'], 'demo')).toEqual([]);
  });

  it('is read from a context by hasPrivilege', () => {
    expect(hasPrivilege({ privileges: ['manage_locked_carts'] }, 'manage_locked_carts')).toBe(true);
    expect(hasPrivilege({}, 'manage_locked_carts')).toBe(false);
  });
});
