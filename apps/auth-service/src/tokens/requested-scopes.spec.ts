import { ApiError } from '@commerce/errors';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import { grantedScopes, requiredParameter } from './requested-scopes.js';

const client = { scope: 'manage_stores:demo view_customers:demo' } as ApiClientRecord;

describe(grantedScopes.name, () => {
  it('grants all of the client scopes when none are asked for', () => {
    expect(grantedScopes(client, undefined)).toEqual(['manage_stores:demo', 'view_customers:demo']);
  });

  it('grants requested scopes the client holds or implies, given with raw spaces', () => {
    expect(grantedScopes(client, 'view_stores:demo  view_customers:demo:berlin')).toEqual([
      'view_stores:demo',
      'view_customers:demo:berlin',
    ]);
  });

  it.each(['manage_customers:demo', 'manage_project:demo', 'view_stores:other', 'customer_id:123'])(
    'refuses %s with invalid_scope',
    (scope) => {
      let error: unknown;
      try {
        grantedScopes(client, scope);
      } catch (e) {
        error = e;
      }
      expect((error as ApiError).code).toBe('invalid_scope');
    },
  );
});

describe(requiredParameter.name, () => {
  it('names a missing parameter', () => {
    expect(() => requiredParameter({ username: '' }, 'username')).toThrow(
      'Missing required parameter: username.',
    );
    expect(requiredParameter({ username: 'a' }, 'username')).toBe('a');
  });
});
