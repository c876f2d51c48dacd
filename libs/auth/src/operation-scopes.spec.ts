import { KNOWN_PERMISSIONS } from './known-scopes.js';
import {
  OPERATION_SCOPES,
  isOperationId,
  operationForRoute,
  type OperationScope,
} from './operation-scopes.js';

const operations = Object.entries(OPERATION_SCOPES) as Array<[string, OperationScope]>;

describe('OPERATION_SCOPES', () => {
  it.each(operations)('%s names only permissions the platform defines', (_id, operation) => {
    expect(operation.scopes.length).toBeGreaterThan(0);
    for (const scope of operation.scopes) expect(KNOWN_PERMISSIONS.has(scope)).toBe(true);
  });

  it('has one entry per route', () => {
    const routes = operations.map(([, operation]) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares every path under the project', () => {
    for (const [, operation] of operations) expect(operation.path).toMatch(/^\/:projectKey(\/|$)/);
  });

  it('finds an operation by its route', () => {
    expect(operationForRoute('post', '/:projectKey/api-clients')).toBe(OPERATION_SCOPES['apiClients.create']);
    expect(operationForRoute('GET', '/:projectKey/in-store/key=:storeKey/me')?.customer).toBe(true);
    expect(operationForRoute('GET', '/:projectKey/nothing-here')).toBeUndefined();
  });

  it('tells operation ids from permissions', () => {
    expect(isOperationId('customers.create')).toBe(true);
    expect(isOperationId('manage_customers')).toBe(false);
    expect(isOperationId('toString')).toBe(false);
  });
});
