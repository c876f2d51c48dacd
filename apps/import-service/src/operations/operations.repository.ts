import type { Actor, ImportOperation, ImportOutcome, ProcessingState } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { ImportedResource, ServedResourceType } from '../importers/importers.js';
import type { Paging } from '../shared/paging.js';

const OPERATIONS = '"import"."import_operations"';
const LIVE = 'expires_at > now()';

export const OPERATION_SORT: Record<string, string> = {
  createdAt: 'created_at',
  lastModifiedAt: "(doc->>'lastModifiedAt')",
  resourceKey: 'resource_key',
  state: 'state',
  version: "((doc->>'version')::int)",
  expiresAt: 'expires_at',
};

/** `groupKey` (column `product_key`): operations of one group are one write (a price's product key). */
export interface NewOperation {
  operation: ImportOperation;
  groupKey: string;
  resource: ImportedResource;
  actor: Actor;
}

/** An operation a worker claimed: what to import, for whom. */
export interface ClaimedOperation {
  id: string;
  project_key: string;
  resource_type: ServedResourceType;
  product_key: string;
  created_at: Date;
  resource: ImportedResource;
  actor: Actor;
  failures: number;
}

export interface OperationFilter {
  containerKey: string;
  state?: string;
  resourceKey?: string;
}

/** Import operations: the queue the workers claim from, and what the API shows. */
export class OperationsRepository {
  async insertMany(db: Queryable, projectKey: string, containerKey: string, operations: NewOperation[]) {
    await db.query(
      `INSERT INTO ${OPERATIONS}
         (id, project_key, container_key, resource_key, state, created_at, expires_at, doc, resource, actor,
          product_key, due_at)
       SELECT id, $1, $2, resource_key, 'processing', created_at, expires_at, doc, resource, actor, product_key, now()
       FROM unnest($3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::jsonb[], $8::jsonb[],
                   $9::jsonb[], $10::text[]) WITH ORDINALITY
         AS o(id, resource_key, created_at, expires_at, doc, resource, actor, product_key, position)
       ORDER BY position`,
      [
        projectKey,
        containerKey,
        operations.map((o) => o.operation.id),
        operations.map((o) => o.operation.resourceKey),
        operations.map((o) => o.operation.createdAt),
        operations.map((o) => o.operation.expiresAt),
        operations.map((o) => JSON.stringify(o.operation)),
        operations.map((o) => JSON.stringify(o.resource)),
        operations.map((o) => JSON.stringify(o.actor)),
        operations.map((o) => o.groupKey),
      ],
    );
  }

  async find(db: Queryable, projectKey: string, id: string): Promise<ImportOperation | undefined> {
    const rows = await db.query<Array<{ doc: ImportOperation }>>(
      `SELECT doc FROM ${OPERATIONS} WHERE project_key = $1 AND id = $2 AND ${LIVE}`,
      [projectKey, id],
    );
    return rows[0]?.doc;
  }

  async page(db: Queryable, projectKey: string, filter: OperationFilter, paging: Paging) {
    const where = `project_key = $1 AND container_key = $2 AND ${LIVE}
      AND ($3::text IS NULL OR state = $3) AND ($4::text IS NULL OR resource_key = $4)`;
    const args = [projectKey, filter.containerKey, filter.state ?? null, filter.resourceKey ?? null];
    const [rows, counted] = await Promise.all([
      db.query<Array<{ doc: ImportOperation }>>(
        `SELECT doc FROM ${OPERATIONS} WHERE ${where} ORDER BY ${paging.orderBy} LIMIT $5 OFFSET $6`,
        [...args, paging.limit, paging.offset],
      ),
      db.query<Array<{ total: string }>>(`SELECT count(*) AS total FROM ${OPERATIONS} WHERE ${where}`, args),
    ]);
    return { results: rows.map((row) => row.doc), total: Number(counted[0].total) };
  }

  async countByState(db: Queryable, projectKey: string, containerKey: string) {
    return db.query<Array<{ state: ProcessingState; count: string }>>(
      `SELECT state, count(*) AS count FROM ${OPERATIONS}
       WHERE project_key = $1 AND container_key = $2 AND ${LIVE} GROUP BY state`,
      [projectKey, containerKey],
    );
  }

  /**
   * Claims due operations for `owner` until the lease runs out. `SKIP LOCKED` lets replicas claim side by
   * side without waiting for each other; an operation whose claim lapsed (its worker died) is due again.
   */
  async claim(db: Queryable, owner: string, limit: number, leaseMs: number): Promise<ClaimedOperation[]> {
    return db.query<ClaimedOperation[]>(
      `WITH claimed AS (
         UPDATE ${OPERATIONS} o
         SET due_at = now() + make_interval(secs => $3::double precision / 1000), claimed_by = $1,
             woken_at = NULL
         FROM (SELECT id FROM ${OPERATIONS}
               WHERE state IN ('processing', 'unresolved') AND due_at <= now()
               ORDER BY due_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED) due
         WHERE o.id = due.id
         RETURNING o.id, o.project_key, o.doc->>'resourceType' AS resource_type, o.product_key, o.created_at,
                   o.resource, o.actor, o.failures, o.seq)
       SELECT id, project_key, resource_type, product_key, created_at, resource, actor, failures
       FROM claimed ORDER BY seq`,
      [owner, limit, leaseMs],
    );
  }

  /**
   * Records outcomes, only for operations `owner` still holds. An unresolved operation is due again after
   * `retryMs` (sooner when its reference is announced); the version rises only when something changed.
   */
  async complete(db: Queryable, owner: string, outcomes: ImportOutcome[], retryMs: number) {
    if (outcomes.length === 0) return;
    const now = new Date().toISOString();
    await db.query(
      `UPDATE ${OPERATIONS} o
       SET state = u.state,
           claimed_by = NULL,
           failures = 0,
           due_at = CASE WHEN u.state <> 'unresolved' THEN NULL
                         WHEN o.woken_at IS NOT NULL THEN now()
                         ELSE now() + make_interval(secs => $5::double precision / 1000) END,
           woken_at = NULL,
           doc = CASE WHEN o.state = u.state AND o.doc->'unresolvedReferences' IS NOT DISTINCT FROM u.patch->'unresolvedReferences'
                      THEN o.doc
                      ELSE (o.doc - 'errors' - 'unresolvedReferences' - 'resourceVersion') || u.patch
                           || jsonb_build_object('state', u.state, 'version', (o.doc->>'version')::int + 1,
                                                 'lastModifiedAt', $4::text) END
       FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS u(id, state, patch)
       WHERE o.id = u.id AND o.claimed_by = $6`,
      [
        outcomes.map((outcome) => outcome.operationId),
        outcomes.map((outcome) => outcome.state),
        outcomes.map(({ operationId: _id, state: _state, ...patch }) => JSON.stringify(patch)),
        now,
        retryMs,
        owner,
      ],
    );
  }

  /** A failure that is not the operation's fault (a service did not answer): try again after `delayMs`. */
  async retryLater(db: Queryable, owner: string, ids: string[], delayMs: number): Promise<void> {
    await db.query(
      `UPDATE ${OPERATIONS}
       SET failures = failures + 1, claimed_by = NULL,
           due_at = now() + make_interval(secs => $3::double precision / 1000)
       WHERE id = ANY($1::text[]) AND claimed_by = $2`,
      [ids, owner, delayMs],
    );
  }

  /**
   * Unresolved operations of a project waiting for this reference are due now. Operations claimed right now
   * (their outcome may still say unresolved) are marked, and become due at once when they end unresolved.
   * Returns how many were touched.
   */
  async wakeWaitingFor(db: Queryable, projectKey: string, typeId: string, key: string): Promise<number> {
    const rows = await db.query<unknown[]>(
      `WITH woken AS (
         UPDATE ${OPERATIONS}
         SET due_at = CASE WHEN claimed_by IS NULL THEN now() ELSE due_at END, woken_at = now()
         WHERE project_key = $1 AND state IN ('processing', 'unresolved')
           AND (claimed_by IS NOT NULL OR doc->'unresolvedReferences' @> $2::jsonb)
         RETURNING id)
       SELECT id FROM woken`,
      [projectKey, JSON.stringify([{ typeId, key }])],
    );
    return rows.length;
  }

  async deleteOfContainer(db: Queryable, projectKey: string, containerKey: string): Promise<void> {
    await db.query(`DELETE FROM ${OPERATIONS} WHERE project_key = $1 AND container_key = $2`, [
      projectKey,
      containerKey,
    ]);
  }

  /** Operations live 48 hours (reference facts 5.2). */
  async deleteExpired(db: Queryable): Promise<number> {
    const rows = await db.query<unknown[]>(
      `WITH gone AS (DELETE FROM ${OPERATIONS} WHERE NOT ${LIVE} RETURNING id) SELECT id FROM gone`,
    );
    return rows.length;
  }
}
