import type { State } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { createHash } from 'node:crypto';
import { statesTable } from './states.table.js';

/** A stable id per project, so concurrent first requests insert the built-in state only once. */
export function builtInStateId(projectKey: string, key: string): string {
  const hex = createHash('sha256').update(`built-in-state\u0000${projectKey}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The live API's built-in initial LineItemState, present in every project. */
export function initialLineItemState(projectKey: string, now = new Date().toISOString()): State {
  return {
    id: builtInStateId(projectKey, 'Initial'),
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    key: 'Initial',
    type: 'LineItemState',
    name: { en: 'Initial' },
    description: { en: 'Initial line item state' },
    initial: true,
    builtIn: true,
    roles: [],
    transitions: [],
  };
}

/**
 * Seeds a project's built-in states the first time this process serves its states: an insert that a second
 * replica (or a key the project already uses) turns into nothing.
 */
export class BuiltInStates {
  private readonly seeded = new Set<string>();

  constructor(private readonly db: Queryable) {}

  async ensure(projectKey: unknown): Promise<void> {
    if (typeof projectKey !== 'string' || this.seeded.has(projectKey)) return;
    const state = initialLineItemState(projectKey);
    await this.db.query(
      `INSERT INTO ${statesTable.table} (id, project_key, key, version, created_at, last_modified_at, doc)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [state.id, projectKey, state.key, state.version, state.createdAt, state.lastModifiedAt, state],
    );
    this.seeded.add(projectKey);
  }
}
