import type { MessagePayload, RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { parseActions, type ActionTable, type TransactionWork } from '@commerce/resources';

export const ctx: RequestContext = {
  projectKey: 'p1',
  correlationId: 'test-correlation',
  actor: { clientId: 'c1' },
};

/** A database for actions that read nothing. */
export const noDatabase: Queryable = {
  query: () => Promise.reject(new Error('this action was not expected to read the database')),
};

/**
 * Validates and applies update actions the way the engine does: in order, keeping an action's result and
 * Messages only when it changed something, collecting the writes for the transaction.
 */
export async function applyActions<T>(
  table: ActionTable<T>,
  resource: T,
  raw: object[],
  db: Queryable = noDatabase,
) {
  const messages: MessagePayload[] = [];
  const writes: TransactionWork[] = [];
  let current = resource;
  for (const { handler, action } of parseActions(table, raw)) {
    const outcome = await handler.apply(current, action, { ctx, db });
    if (outcome.write || JSON.stringify(outcome.resource) !== JSON.stringify(current)) {
      current = outcome.resource;
      messages.push(...(outcome.messages ?? []));
      if (outcome.write) writes.push(outcome.write);
    }
  }
  return { resource: current, messages, writes };
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
