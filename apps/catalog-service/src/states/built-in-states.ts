import { initialLineItemState } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { statesTable } from './states.table.js';

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
