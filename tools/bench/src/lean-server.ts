import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * The lean baseline of `npm run bench` (issue 34): the least a correct get by key and `setName` cost, on tables
 * of its own that carry only what these operations need, in one process (Fastify + `pg`, a pool of 10, named
 * statements). Per request: the bearer token looked up by its SHA-256 hash, its expiry and scope checked in
 * PostgreSQL (no cache); then one statement. `setName` is one `UPDATE ... WHERE project_key AND key AND version`
 * that inserts the `StoreNameSet` Message in a CTE. Its answers have the platform's shape (the documents are
 * copies of the platform's), so the same load drives both. It runs on the machine's PostgreSQL and on the
 * platform's own, so that the bench separates the schema and path from the database's configuration.
 */

export const LEAN_SCHEMA = 'bench_lean';
const S = `"${LEAN_SCHEMA}"`;

/** The lean tables: stores with its key indexes, messages with one index, tokens by hash. */
export const leanSchemaSql = [
  `DROP SCHEMA IF EXISTS ${S} CASCADE`,
  `CREATE SCHEMA ${S}`,
  `CREATE TABLE ${S}.tokens (token_hash text PRIMARY KEY, project_key text NOT NULL, client_id text NOT NULL,
     scopes text[] NOT NULL, expires_at timestamptz NOT NULL)`,
  `CREATE TABLE ${S}.stores (id text PRIMARY KEY, project_key text NOT NULL, key text, version int NOT NULL,
     message_seq int NOT NULL, doc jsonb NOT NULL)`,
  `CREATE UNIQUE INDEX lean_stores_key_uq ON ${S}.stores (project_key, key)`,
  `CREATE INDEX lean_stores_doc_key_idx ON ${S}.stores (project_key, (doc->>'key'))`,
  `CREATE TABLE ${S}.messages (id text PRIMARY KEY, project_key text NOT NULL, resource_id text NOT NULL,
     seq int NOT NULL, doc jsonb NOT NULL)`,
  `CREATE INDEX lean_messages_resource_idx ON ${S}.messages (project_key, resource_id, seq)`,
];

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Seeds one project of the lean tables: `count` copies of `template` (a Store document the platform wrote)
 * as `bench-0` ... `bench-<count-1>`, and the bearer token with its scopes. `ANALYZE`d after.
 */
export async function seedLean(
  db: pg.Pool,
  project: { projectKey: string; bearer: string; clientId: string; scopes: string[] },
  template: object,
  count: number,
): Promise<void> {
  await db.query(
    `INSERT INTO ${S}.tokens (token_hash, project_key, client_id, scopes, expires_at)
     VALUES ($1, $2, $3, $4, now() + interval '2 days')`,
    [sha256(project.bearer), project.projectKey, project.clientId, project.scopes],
  );
  await db.query(
    `INSERT INTO ${S}.stores (id, project_key, key, version, message_seq, doc)
     SELECT c.id, $1, c.key, 1, 1,
       $2::jsonb || jsonb_build_object('id', c.id, 'key', c.key, 'version', 1, 'name', jsonb_build_object('en', 'Store ' || c.i))
     FROM (SELECT i, 'bench-' || i AS key, gen_random_uuid()::text AS id FROM generate_series(0, $3::int - 1) AS i) c`,
    [project.projectKey, JSON.stringify(template), count],
  );
  await db.query(`ANALYZE ${S}.stores`);
  await db.query(`ANALYZE ${S}.tokens`);
}

const SQL = {
  // Expiry and scope in PostgreSQL: a row comes back only for a live token that may read (or write) Stores
  // of the project in the path.
  token: `SELECT client_id FROM ${S}.tokens
          WHERE token_hash = $1 AND project_key = $2 AND expires_at > now() AND scopes && $3::text[]`,
  byKey: `SELECT doc FROM ${S}.stores WHERE project_key = $1 AND doc->>'key' = $2`,
  setName: `WITH changed AS (
              UPDATE ${S}.stores SET version = version + 1, message_seq = message_seq + 1,
                doc = doc || jsonb_build_object('name', $4::jsonb, 'version', version + 1,
                  'lastModifiedAt', $5::text, 'lastModifiedBy', $6::jsonb)
              WHERE project_key = $1 AND key = $2 AND version = $3 RETURNING id, version, message_seq, doc),
            message AS (
              INSERT INTO ${S}.messages (id, project_key, resource_id, seq, doc)
              SELECT $7::text, $1, c.id, c.message_seq, jsonb_build_object('id', $7::text, 'version', 1,
                  'sequenceNumber', c.message_seq, 'resource', jsonb_build_object('typeId', 'store', 'id', c.id),
                  'resourceVersion', c.version, 'resourceUserProvidedIdentifiers', jsonb_build_object('key', $2::text),
                  'type', 'StoreNameSet', 'createdAt', $5::text, 'lastModifiedAt', $5::text,
                  'createdBy', $6::jsonb, 'lastModifiedBy', $6::jsonb, 'name', $4::jsonb)
              FROM changed c)
            SELECT doc FROM changed`,
  versionOf: `SELECT id, version FROM ${S}.stores WHERE project_key = $1 AND key = $2`,
};

function apiError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.code(statusCode).send({ statusCode, message, errors: [{ code, message }] });
}

/** The scopes that let a token read (or write) the project's Stores. */
export function storeScopes(projectKey: string, write: boolean): string[] {
  const scopes = [`manage_project:${projectKey}`, `manage_stores:${projectKey}`];
  return write ? scopes : [...scopes, `view_stores:${projectKey}`];
}

export function leanServer(pool: pg.Pool): FastifyInstance {
  const app = Fastify({ logger: false });
  const run = <R extends pg.QueryResultRow>(name: keyof typeof SQL, values: unknown[]) =>
    pool.query<R>({ name, text: SQL[name], values });

  /** The client id of a live token that may read (or write) the project's Stores, else the error sent. */
  async function authenticate(
    authorization: string | undefined,
    projectKey: string,
    write: boolean,
    reply: FastifyReply,
  ): Promise<string | undefined> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const row = token
      ? (
          await run<{ client_id: string }>('token', [
            sha256(token),
            projectKey,
            storeScopes(projectKey, write),
          ])
        ).rows[0]
      : undefined;
    if (!row) await apiError(reply, 401, 'invalid_token', 'invalid token');
    return row?.client_id;
  }

  app.get('/health', async () => ({ status: 'ok' }));

  app.get<{ Params: { projectKey: string; key: string } }>(
    '/:projectKey/stores/key=:key',
    async (request, reply) => {
      const { projectKey, key } = request.params;
      if (!(await authenticate(request.headers.authorization, projectKey, false, reply))) return reply;
      const { rows } = await run<{ doc: object }>('byKey', [projectKey, key]);
      if (!rows[0]) return apiError(reply, 404, 'ResourceNotFound', 'not found');
      return rows[0].doc;
    },
  );

  app.post<{
    Params: { projectKey: string; key: string };
    Body: { version?: unknown; actions?: Array<{ action?: unknown; name?: unknown }> };
  }>('/:projectKey/stores/key=:key', async (request, reply) => {
    const { projectKey, key } = request.params;
    const clientId = await authenticate(request.headers.authorization, projectKey, true, reply);
    if (!clientId) return reply;
    const { version, actions } = request.body ?? {};
    const action = Array.isArray(actions) && actions.length === 1 ? actions[0] : undefined;
    if (typeof version !== 'number' || action?.action !== 'setName' || typeof action.name !== 'object') {
      return apiError(reply, 400, 'InvalidInput', 'the lean baseline knows only one setName action');
    }
    const { rows } = await run<{ doc: object }>('setName', [
      projectKey,
      key,
      version,
      JSON.stringify(action.name),
      new Date().toISOString(),
      JSON.stringify({ isPlatformClient: false, clientId }),
      randomUUID(),
    ]);
    if (rows[0]) return rows[0].doc;
    const current = (await run<{ id: string; version: number }>('versionOf', [projectKey, key])).rows[0];
    if (!current) return apiError(reply, 404, 'ResourceNotFound', 'not found');
    const message = `Object ${current.id} has a different version than expected. Expected: ${version} - Actual: ${current.version}.`;
    return reply.code(409).send({
      statusCode: 409,
      message,
      errors: [{ code: 'ConcurrentModification', message, currentVersion: current.version }],
    });
  });

  return app;
}
