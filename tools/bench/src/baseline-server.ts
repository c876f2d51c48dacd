import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

/**
 * The baseline of `npm run bench`: the least a correct implementation of the measured endpoints does, in
 * one process (Fastify + `pg`, named statements), on the platform's own tables: the bearer token looked up
 * by its SHA-256 hash in `auth.tokens`, then one indexed read, one page query with its total, or one
 * versioned write with its Message in `stores.*`. The platform's answers and the baseline's have the
 * same shape, so the same load drives both.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface Principal {
  projectKey: string;
  clientId: string;
  scope: string;
}

const DAY_MS = 86_400_000;
const MESSAGE_RETENTION_DAYS = 15;
const ACCESS_TOKEN_SECONDS = 172_800;
const MAX_TOTAL_WITH_PREDICATE = 10_000;

const SQL = {
  token: `SELECT project_key, client_id, scope FROM "auth"."tokens"
          WHERE token_hash = $1 AND kind = 'access' AND expires_at > now()`,
  byKey: `SELECT doc FROM "stores"."stores" WHERE project_key = $1 AND key = $2`,
  byKeys: `SELECT doc, count(*) OVER ()::int AS total FROM "stores"."stores"
           WHERE project_key = $1 AND key = ANY($2::text[]) ORDER BY id LIMIT $3 OFFSET $4`,
  countByKeys: `SELECT count(*)::int AS n FROM (SELECT 1 FROM "stores"."stores"
                WHERE project_key = $1 AND key = ANY($2::text[]) LIMIT ${MAX_TOTAL_WITH_PREDICATE}) AS capped`,
  // The version check is in the UPDATE, which also takes the Message's sequence number from the row's
  // counter (a concurrent writer of the same row fails the version check and takes none).
  setName: `WITH changed AS (
              UPDATE "stores"."stores" SET version = version + 1, last_modified_at = $4,
                doc = jsonb_set(doc, '{name}', $5::jsonb) || jsonb_build_object(
                  'version', version + 1, 'lastModifiedAt', $6::text, 'lastModifiedBy', $7::jsonb),
                message_seq = message_seq + 1
              WHERE project_key = $1 AND key = $2 AND version = $3 RETURNING id, version, doc, message_seq),
            message AS (
              INSERT INTO "stores"."messages" (id, project_key, key, version, created_at, last_modified_at, doc,
                resource_id, sequence_number, type, expires_at)
              SELECT m.id, $1, NULL, 1, $4, $4, jsonb_build_object('id', m.id, 'version', 1,
                  'sequenceNumber', m.seq, 'resource', jsonb_build_object('typeId', 'store', 'id', c.id),
                  'resourceVersion', c.version, 'resourceUserProvidedIdentifiers', jsonb_build_object('key', $2::text),
                  'type', 'StoreNameSet', 'createdAt', $6::text, 'lastModifiedAt', $6::text,
                  'createdBy', $7::jsonb, 'lastModifiedBy', $7::jsonb, 'name', $5::jsonb),
                c.id, m.seq, 'StoreNameSet', $8::timestamptz
              FROM changed c CROSS JOIN LATERAL (SELECT $9::text AS id, c.message_seq AS seq) m)
            SELECT doc FROM changed`,
  versionOf: `SELECT id, version FROM "stores"."stores" WHERE project_key = $1 AND key = $2`,
  create: `WITH created AS (
             INSERT INTO "stores"."stores" (id, project_key, key, version, created_at, last_modified_at, doc,
               message_seq)
             VALUES ($1, $2, $3, 1, $4::timestamptz, $4::timestamptz, $5::jsonb, 1) RETURNING id)
           INSERT INTO "stores"."messages" (id, project_key, key, version, created_at, last_modified_at, doc,
             resource_id, sequence_number, type, expires_at)
           SELECT $6::text, $2, NULL, 1, $4::timestamptz, $4::timestamptz, $7::jsonb, id, 1, 'StoreCreated',
             $8::timestamptz FROM created`,
  client: `SELECT id, project_key, scope, secret_hash, access_token_validity_seconds FROM "auth"."api_clients"
           WHERE id = $1 AND (delete_at IS NULL OR delete_at > now())`,
  issue: `WITH touched AS (
            UPDATE "auth"."api_clients" SET last_used_at = current_date
            WHERE id = $4 AND last_used_at IS DISTINCT FROM current_date)
          INSERT INTO "auth"."tokens" (token_hash, kind, project_key, client_id, scope, expires_at, created_at,
            last_used_at) VALUES ($1, 'access', $2, $4, $3, $5, $6, $6)`,
};

function apiError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.code(statusCode).send({ statusCode, message, errors: [{ code, message }] });
}

/** The scopes that let a token read or write Stores in the project. */
function allows(principal: Principal, projectKey: string, write: boolean): boolean {
  if (principal.projectKey !== projectKey) return false;
  const wanted = write
    ? [`manage_project:${projectKey}`, `manage_stores:${projectKey}`]
    : [`manage_project:${projectKey}`, `manage_stores:${projectKey}`, `view_stores:${projectKey}`];
  return principal.scope.split(' ').some((scope) => wanted.includes(scope));
}

/** `key in ("a", "b")` or `key = "a"`: the only predicates the baseline knows. */
export function keysOfWhere(where: string): string[] | undefined {
  const single = /^\s*key\s*=\s*"([^"\\]*)"\s*$/.exec(where);
  if (single) return [single[1]];
  const list = /^\s*key\s+in\s*\(([^)]*)\)\s*$/i.exec(where);
  if (!list) return undefined;
  const keys = [...list[1].matchAll(/"([^"\\]*)"/g)].map((m) => m[1]);
  return keys.length > 0 ? keys : undefined;
}

export function baselineServer(pool: pg.Pool): FastifyInstance {
  const app = Fastify({ logger: false });
  const run = async <R extends pg.QueryResultRow>(name: keyof typeof SQL, values: unknown[]) => {
    // A named statement: node-postgres prepares it once per connection of the pool.
    return pool.query<R>({ name, text: SQL[name], values });
  };

  async function authenticate(
    request: FastifyRequest<{ Params: { projectKey: string } }>,
    reply: FastifyReply,
    write: boolean,
  ): Promise<Principal | undefined> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) {
      await apiError(reply, 401, 'invalid_token', 'missing token');
      return undefined;
    }
    const { rows } = await run<{ project_key: string; client_id: string; scope: string }>('token', [
      sha256(token),
    ]);
    const row = rows[0];
    if (!row) {
      await apiError(reply, 401, 'invalid_token', 'invalid token');
      return undefined;
    }
    const principal = { projectKey: row.project_key, clientId: row.client_id, scope: row.scope };
    if (!allows(principal, request.params.projectKey, write)) {
      await apiError(reply, 403, 'insufficient_scope', 'insufficient scope');
      return undefined;
    }
    return principal;
  }

  app.get('/health', async () => ({ status: 'ok' }));

  app.get<{ Params: { projectKey: string; key: string } }>(
    '/:projectKey/stores/key=:key',
    async (request, reply) => {
      if (!(await authenticate(request, reply, false))) return reply;
      const { rows } = await run<{ doc: object }>('byKey', [request.params.projectKey, request.params.key]);
      if (!rows[0]) return apiError(reply, 404, 'ResourceNotFound', 'not found');
      return rows[0].doc;
    },
  );

  app.get<{
    Params: { projectKey: string };
    Querystring: { where?: string; limit?: string; offset?: string; withTotal?: string };
  }>('/:projectKey/stores', async (request, reply) => {
    if (!(await authenticate(request, reply, false))) return reply;
    const keys = keysOfWhere(request.query.where ?? '');
    if (!keys) return apiError(reply, 400, 'InvalidInput', 'the baseline knows only key predicates');
    const limit = Math.min(Number(request.query.limit ?? 20), 500);
    const offset = Number(request.query.offset ?? 0);
    const { projectKey } = request.params;
    const { rows } = await run<{ doc: object; total: number }>('byKeys', [projectKey, keys, limit, offset]);
    const page: Record<string, unknown> = {
      limit,
      offset,
      count: rows.length,
      results: rows.map((r) => r.doc),
    };
    if (request.query.withTotal !== 'false') {
      page.total =
        rows.length > 0
          ? Math.min(rows[0].total, MAX_TOTAL_WITH_PREDICATE)
          : (await run<{ n: number }>('countByKeys', [projectKey, keys])).rows[0].n;
    }
    return page;
  });

  app.post<{
    Params: { projectKey: string; key: string };
    Body: { version?: unknown; actions?: Array<{ action?: unknown; name?: unknown }> };
  }>('/:projectKey/stores/key=:key', async (request, reply) => {
    const principal = await authenticate(request, reply, true);
    if (!principal) return reply;
    const { version, actions } = request.body ?? {};
    const action = Array.isArray(actions) && actions.length === 1 ? actions[0] : undefined;
    if (typeof version !== 'number' || action?.action !== 'setName' || typeof action.name !== 'object') {
      return apiError(reply, 400, 'InvalidInput', 'the baseline knows only one setName action');
    }
    const { projectKey, key } = request.params;
    const now = new Date();
    const by = JSON.stringify({ isPlatformClient: false, clientId: principal.clientId });
    const { rows } = await run<{ doc: object }>('setName', [
      projectKey,
      key,
      version,
      now,
      JSON.stringify(action.name),
      now.toISOString(),
      by,
      new Date(now.getTime() + MESSAGE_RETENTION_DAYS * DAY_MS),
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

  app.post<{
    Params: { projectKey: string };
    Body: { key?: unknown; name?: unknown; countries?: Array<{ code?: unknown }> };
  }>('/:projectKey/stores', async (request, reply) => {
    const principal = await authenticate(request, reply, true);
    if (!principal) return reply;
    const draft = request.body ?? {};
    if (typeof draft.key !== 'string' || !/^[A-Za-z0-9_-]{2,256}$/.test(draft.key)) {
      return apiError(reply, 400, 'InvalidInput', 'key');
    }
    const now = new Date().toISOString();
    const by = { isPlatformClient: false, clientId: principal.clientId };
    const countries = (draft.countries ?? []).map(({ code }) => ({ code }));
    const fields = {
      key: draft.key,
      ...(draft.name ? { name: draft.name } : {}),
      languages: [],
      countries,
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
    };
    const id = randomUUID();
    const store = {
      id,
      version: 1,
      ...fields,
      createdAt: now,
      lastModifiedAt: now,
      createdBy: by,
      lastModifiedBy: by,
    };
    const messageId = randomUUID();
    const { key: _key, ...payload } = fields;
    const message = {
      id: messageId,
      version: 1,
      sequenceNumber: 1,
      resource: { typeId: 'store', id },
      resourceVersion: 1,
      resourceUserProvidedIdentifiers: { key: draft.key },
      type: 'StoreCreated',
      createdAt: now,
      lastModifiedAt: now,
      createdBy: by,
      lastModifiedBy: by,
      ...payload,
    };
    try {
      await run('create', [
        id,
        request.params.projectKey,
        draft.key,
        now,
        store,
        messageId,
        message,
        new Date(Date.now() + MESSAGE_RETENTION_DAYS * DAY_MS),
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        return apiError(reply, 400, 'DuplicateField', 'a Store with this key exists');
      }
      throw error;
    }
    return reply.code(201).send(store);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post<{ Body: Record<string, string> }>('/oauth/token', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const [clientId, secret] = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
      : [];
    if (request.body?.grant_type !== 'client_credentials') {
      return apiError(reply, 400, 'unsupported_grant_type', 'client_credentials only');
    }
    const client = clientId
      ? (
          await run<{
            id: string;
            project_key: string;
            scope: string;
            secret_hash: string;
            access_token_validity_seconds: number | null;
          }>('client', [clientId])
        ).rows[0]
      : undefined;
    const presented = Buffer.from(sha256(secret ?? ''), 'hex');
    const stored = Buffer.from(client?.secret_hash ?? sha256(''), 'hex');
    if (!client || !timingSafeEqual(presented, stored)) {
      return apiError(reply, 401, 'invalid_client', 'invalid client');
    }
    const token = randomBytes(32).toString('base64url');
    const validity = client.access_token_validity_seconds ?? ACCESS_TOKEN_SECONDS;
    const now = new Date();
    await run('issue', [
      sha256(token),
      client.project_key,
      client.scope,
      client.id,
      new Date(now.getTime() + validity * 1000),
      now,
    ]);
    return { access_token: token, token_type: 'Bearer', expires_in: validity, scope: client.scope };
  });

  return app;
}
