import type { RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { applyActions as pipeline, type ActionTable } from '@commerce/resources';

export const ctx: RequestContext = {
  projectKey: 'p1',
  correlationId: 'test-correlation',
  actor: { clientId: 'c1' },
};

/** A database for actions that read nothing. */
export const noDatabase: Queryable = {
  query: () => Promise.reject(new Error('this action was not expected to read the database')),
};

/** Validates and applies update actions through the engine's own pipeline (`applyActions`). */
export async function applyActions<T>(
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

export const base = {
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
};
