import {
  COLLECTION_OPERATIONS,
  CustomerResource,
  RESOURCE_DESCRIPTORS,
  inStoreOperationsOf,
  operationsOf,
  type Descriptor,
} from '@commerce/contracts';
import { OPERATION_SCOPES, describedOperations, type OperationScope } from './operation-scopes.js';

const table: Record<string, OperationScope> = OPERATION_SCOPES;
const descriptors: readonly Descriptor[] = RESOURCE_DESCRIPTORS;

class Draft {}

const sample = (extra: Partial<Descriptor>): Descriptor => ({
  name: 'things',
  path: 'things',
  typeId: 'thing',
  owner: 'catalog-service',
  subjects: {},
  draft: Draft,
  view: ['view_things'],
  manage: ['manage_things'],
  ...extra,
});

describe('the operation table derived from the descriptors', () => {
  it.each(descriptors.map((descriptor) => [descriptor.name, descriptor] as const))(
    '%s: every operation is in the table, at its path, with its scopes',
    (_name, descriptor) => {
      const problems: string[] = [];
      const served = [
        ...operationsOf(descriptor).map((operation) => ['', operation] as const),
        ...inStoreOperationsOf(descriptor).map((operation) => ['inStore.', operation] as const),
      ];
      for (const [prefix, operation] of served) {
        {
          const id = `${prefix}${descriptor.name}.${operation}`;
          const entry = table[id];
          const writes = ['create', 'update', 'put', 'delete'].includes(operation);
          const exists = operation === 'exists' ? (descriptor.existsById ?? []) : [];
          const scopes = writes ? descriptor.manage : [...descriptor.view, ...exists];
          if (!entry) problems.push(`${id} is missing`);
          else if (!entry.path.includes(`/${descriptor.path}`)) problems.push(`${id} is at ${entry.path}`);
          else if (entry.scopes.join() !== scopes.join())
            problems.push(`${id} needs ${entry.scopes.join('|')}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('has no operation of a resource that its descriptor does not declare', () => {
    const standard = new Set<string>([...COLLECTION_OPERATIONS, 'put']);
    const declared = new Set(
      descriptors.flatMap((descriptor) =>
        operationsOf(descriptor).flatMap((operation) => [
          `${descriptor.name}.${operation}`,
          `inStore.${descriptor.name}.${operation}`,
        ]),
      ),
    );
    const names = new Set(descriptors.map((descriptor) => descriptor.name));
    const strays = Object.keys(table).filter((id) => {
      const [name = '', operation = ''] = id.split('.').slice(-2);
      return names.has(name) && standard.has(operation) && !declared.has(id);
    });
    expect(strays).toEqual([]);
  });

  it('serves customers globally and in a Store', () => {
    expect(table['customers.get']).toEqual({
      method: 'GET',
      path: '/:projectKey/customers/:idOrKey',
      scopes: CustomerResource.view,
    });
    expect(table['inStore.customers.update']).toEqual({
      method: 'POST',
      path: '/:projectKey/in-store/key=:storeKey/customers/:idOrKey',
      scopes: CustomerResource.manage,
    });
  });

  it('places a collection: create, query and HEAD at its path, the rest at one resource', () => {
    const derived = describedOperations([sample({ existsById: ['view_states'] })]) as Record<
      string,
      OperationScope
    >;
    expect(derived).toEqual({
      'things.create': { method: 'POST', path: '/:projectKey/things', scopes: ['manage_things'] },
      'things.query': { method: 'GET', path: '/:projectKey/things', scopes: ['view_things'] },
      'things.existsWhere': { method: 'HEAD', path: '/:projectKey/things', scopes: ['view_things'] },
      'things.get': { method: 'GET', path: '/:projectKey/things/:idOrKey', scopes: ['view_things'] },
      'things.exists': {
        method: 'HEAD',
        path: '/:projectKey/things/:idOrKey',
        scopes: ['view_things', 'view_states'],
      },
      'things.update': { method: 'POST', path: '/:projectKey/things/:idOrKey', scopes: ['manage_things'] },
      'things.delete': { method: 'DELETE', path: '/:projectKey/things/:idOrKey', scopes: ['manage_things'] },
    });
  });

  it('follows identity, operations, a PUT update and the in-store variant', () => {
    const derived = describedOperations([
      sample({
        identity: { key: 'thingKey' },
        operations: ['get', 'update'],
        update: { method: 'PUT', body: Draft },
        inStore: true,
      }),
    ]) as Record<string, OperationScope>;
    expect(Object.keys(derived).sort()).toEqual([
      'inStore.things.get',
      'inStore.things.update',
      'things.get',
      'things.update',
    ]);
    expect(derived['things.update']).toMatchObject({ method: 'PUT', path: '/:projectKey/things/:thingKey' });
    expect(derived['inStore.things.get']?.path).toBe('/:projectKey/in-store/key=:storeKey/things/:thingKey');
    expect(describedOperations([sample({ identity: 'id' })])['things.get' as never]).toMatchObject({
      path: '/:projectKey/things/:id',
    });
  });

  it('serves in a Store only the operations its inStore lists', () => {
    const derived = describedOperations([sample({ inStore: { operations: ['query', 'get'] } })]);
    expect(Object.keys(derived).filter((id) => id.startsWith('inStore.'))).toEqual([
      'inStore.things.query',
      'inStore.things.get',
    ]);
  });

  it('places a singleton at its own path', () => {
    const derived = describedOperations([sample({ singleton: true })]) as Record<string, OperationScope>;
    expect(
      Object.fromEntries(Object.entries(derived).map(([id, { method, path }]) => [id, `${method} ${path}`])),
    ).toEqual({
      'things.get': 'GET /:projectKey/things',
      'things.put': 'PUT /:projectKey/things',
      'things.update': 'POST /:projectKey/things',
      'things.delete': 'DELETE /:projectKey/things',
    });
  });
});
