import type { Principal } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { authorize, authorizeInStores, operationScopes, type GraphqlContext } from './graphql-context.js';

function contextWith(scopes: string[], extra: Partial<Principal> = {}): GraphqlContext {
  const principal: Principal = {
    projectKey: 'p',
    clientId: 'c',
    scopes,
    expiresAt: 0,
    tokenHash: 'h',
    ...extra,
  };
  return {
    principal,
    ctx: { projectKey: 'p', correlationId: 'x', actor: {} },
    rpc: undefined as never,
    references: undefined as never,
  };
}

const code = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? error.code : 'other';
  }
};

describe('GraphQL authorization', () => {
  it.each([
    [['manage_project:p'], 'stores.query', 'ok'],
    [['view_stores:p'], 'stores.query', 'ok'],
    [['manage_stores:p'], 'stores.get', 'ok'],
    [['view_stores:p'], 'stores.create', 'insufficient_scope'],
    [['view_stores:q'], 'stores.query', 'insufficient_scope'],
    [['view_customers:p:berlin'], 'customers.query', 'insufficient_scope'],
    [['view_products:p'], 'channels.get', 'ok'],
  ] as const)('project-wide: %j for %s is %s', (scopes, operation, expected) => {
    expect(code(() => authorize(contextWith([...scopes]), operation))).toBe(expected);
  });

  it('refuses a token issued for one Store outside inStore', () => {
    expect(
      code(() => authorize(contextWith(['manage_project:p'], { storeKey: 'berlin' }), 'stores.get')),
    ).toBe('insufficient_scope');
  });

  it('needs a customer token where the REST operation does', () => {
    expect(code(() => authorize(contextWith(['manage_my_profile:p']), 'me.get'))).toBe('insufficient_scope');
    expect(code(() => authorize(contextWith(['manage_my_profile:p'], { customerId: 'c1' }), 'me.get'))).toBe(
      'ok',
    );
  });

  it.each([
    [['manage_project:p'], ['a', 'b'], ['a', 'b']],
    [['view_customers:p'], ['a', 'b'], ['a', 'b']],
    [['view_customers:p:a'], ['a', 'b'], ['a']],
    [
      ['view_customers:p:a', 'manage_customers:p:b'],
      ['a', 'b', 'c'],
      ['a', 'b'],
    ],
    [['view_customers:q:a'], ['a'], 'insufficient_scope'],
    [['view_customers:p:c'], ['a', 'b'], 'insufficient_scope'],
    [['view_stores:p:a'], ['a'], 'insufficient_scope'],
  ] as const)('in Stores: %j over %j sees %j', (scopes, stores, expected) => {
    const context = contextWith([...scopes]);
    if (typeof expected === 'string') {
      expect(code(() => authorizeInStores(context, 'inStore.customers.query', stores))).toBe(expected);
    } else {
      expect(authorizeInStores(context, 'inStore.customers.query', stores)).toEqual(expected);
    }
  });

  it('limits an in-store token to its own Store', () => {
    const context = contextWith(['manage_project:p'], { storeKey: 'a' });
    expect(authorizeInStores(context, 'inStore.customers.get', ['a', 'b'])).toEqual(['a']);
  });

  it('reads an operation from the table, or its fallback while the table lacks it', () => {
    expect(operationScopes('customers.delete', 'stores.get')).toEqual(['manage_customers']);
    expect(operationScopes('no.such.operation', 'customers.delete')).toEqual(['manage_customers']);
  });
});
