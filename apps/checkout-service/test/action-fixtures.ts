import type { RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { applyActions as pipeline, type ActionTable, type ReferenceResolver } from '@commerce/resources';

export const ctx: RequestContext = { projectKey: 'p1', correlationId: 'test', actor: { clientId: 'c1' } };

/** A database for actions that read nothing. */
export const noDatabase: Queryable = {
  query: () => Promise.reject(new Error('this action was not expected to read the database')),
};

type Stored = { id: string; key?: string } & Record<string, unknown>;

/** A resolver over resources in memory, by type id: what the owning services would answer. */
export function memoryResolver(resources: Record<string, Stored[]>): ReferenceResolver {
  return {
    async require(_ctx: RequestContext, typeId: string, identifiers: { id?: string; key?: string }[]) {
      return identifiers.map((identifier) => {
        const found = (resources[typeId] ?? []).find((r) =>
          identifier.id ? r.id === identifier.id : r.key === identifier.key,
        );
        if (!found) {
          throw Errors.referencedResourceNotFound(
            typeId,
            identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
          );
        }
        return found;
      });
    },
  } as unknown as ReferenceResolver;
}

/** Validates and applies update actions through the engine's own pipeline (`applyActions`). */
export function applyActions<T>(
  table: ActionTable<T>,
  resource: T,
  raw: object[],
  db: Queryable = noDatabase,
) {
  return pipeline(table, resource, raw, { ctx, db });
}

/** The ApiError a promise rejects with, as its first error object. */
export async function errorOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    const errors = (error as { errors?: Array<Record<string, unknown>> }).errors;
    if (errors) return errors[0];
    throw error;
  }
  throw new Error('expected the promise to reject');
}
