import type { ImportContainer } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { Paging } from '../shared/paging.js';

const CONTAINERS = '"import"."import_containers"';
const LIVE = '(expires_at IS NULL OR expires_at > now())';

export const CONTAINER_SORT: Record<string, string> = {
  key: 'key',
  createdAt: 'created_at',
  lastModifiedAt: "(doc->>'lastModifiedAt')",
  expiresAt: 'expires_at',
  version: 'version',
  resourceType: "(doc->>'resourceType')",
};

/** Import containers of a project; an expired container is gone even before the cleanup deletes it. */
export class ContainersRepository {
  async insert(db: Queryable, projectKey: string, container: ImportContainer): Promise<boolean> {
    // An expired container of the same key is replaced, as if the cleanup had run already.
    await db.query(`DELETE FROM ${CONTAINERS} WHERE project_key = $1 AND key = $2 AND NOT ${LIVE}`, [
      projectKey,
      container.key,
    ]);
    const rows = await db.query<unknown[]>(
      `WITH added AS (
         INSERT INTO ${CONTAINERS} (project_key, key, version, created_at, expires_at, doc)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (project_key, key) DO NOTHING RETURNING key)
       SELECT key FROM added`,
      [
        projectKey,
        container.key,
        container.version,
        container.createdAt,
        container.expiresAt ?? null,
        JSON.stringify(container),
      ],
    );
    return rows.length === 1;
  }

  async find(db: Queryable, projectKey: string, key: string): Promise<ImportContainer | undefined> {
    const rows = await db.query<Array<{ doc: ImportContainer }>>(
      `SELECT doc FROM ${CONTAINERS} WHERE project_key = $1 AND key = $2 AND ${LIVE}`,
      [projectKey, key],
    );
    return rows[0]?.doc;
  }

  async page(db: Queryable, projectKey: string, paging: Paging) {
    const [rows, counted] = await Promise.all([
      db.query<Array<{ doc: ImportContainer }>>(
        `SELECT doc FROM ${CONTAINERS} WHERE project_key = $1 AND ${LIVE}
         ORDER BY ${paging.orderBy} LIMIT $2 OFFSET $3`,
        [projectKey, paging.limit, paging.offset],
      ),
      db.query<Array<{ total: string }>>(
        `SELECT count(*) AS total FROM ${CONTAINERS} WHERE project_key = $1 AND ${LIVE}`,
        [projectKey],
      ),
    ]);
    return { results: rows.map((row) => row.doc), total: Number(counted[0].total) };
  }

  /** Stores the next version if the stored one is still `expectedVersion`. */
  async replace(db: Queryable, projectKey: string, next: ImportContainer, expectedVersion: number) {
    const rows = await db.query<unknown[]>(
      `WITH changed AS (
         UPDATE ${CONTAINERS} SET version = $3, doc = $4
         WHERE project_key = $1 AND key = $2 AND version = $5 AND ${LIVE} RETURNING key)
       SELECT key FROM changed`,
      [projectKey, next.key, next.version, JSON.stringify(next), expectedVersion],
    );
    return rows.length === 1;
  }

  async delete(db: Queryable, projectKey: string, key: string): Promise<ImportContainer | undefined> {
    const rows = await db.query<Array<{ doc: ImportContainer }>>(
      `WITH gone AS (DELETE FROM ${CONTAINERS} WHERE project_key = $1 AND key = $2 AND ${LIVE} RETURNING doc)
       SELECT doc FROM gone`,
      [projectKey, key],
    );
    return rows[0]?.doc;
  }

  /** Deletes expired containers; returns their project keys and keys, for their operations. */
  async deleteExpired(db: Queryable): Promise<Array<{ project_key: string; key: string }>> {
    return db.query(
      `WITH gone AS (DELETE FROM ${CONTAINERS} WHERE NOT ${LIVE} RETURNING project_key, key)
       SELECT project_key, key FROM gone`,
    );
  }
}
