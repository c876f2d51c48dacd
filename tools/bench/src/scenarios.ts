import type autocannon from 'autocannon';
import type pg from 'pg';

/** Where a scenario sends its load: the baseline or the platform, with the same credentials. */
export interface Endpoint {
  url: string;
  projectKey: string;
  bearer: string;
  clientId: string;
  clientSecret: string;
  /** The lean baseline's database and Store table (`lean-server.ts`); unset: the platform's. */
  db?: pg.Pool;
  storesTable?: string;
}

export interface ScenarioRun {
  stores: number;
  connections: number;
  /** Distinct per run, for keys that must not collide across runs. */
  tag: string;
}

export interface Scenario {
  name: string;
  /** Also measured against the lean baseline (which serves only get by key and `setName`). */
  lean?: boolean;
  /** autocannon options for one run; may read the database first (e.g. current versions). */
  load(endpoint: Endpoint, run: ScenarioRun, db: pg.Pool): Promise<Partial<autocannon.Options>>;
  /** Undoes what the run added, so every run sees the same data set. */
  cleanup?(db: pg.Pool, projectKey: string): Promise<void>;
}

/** The Stores the bench seeds are `bench-0` ... `bench-<n-1>`. */
export const storeKey = (i: number) => `bench-${i}`;

const CREATED_PREFIX = 'bench-new-';

/** When the token-grant run of a project started (its tokens are removed after it). */
const grantsSince = new Map<string, Date>();

const bearer = (endpoint: Endpoint) => ({ authorization: `Bearer ${endpoint.bearer}` });

/** `key in ("bench-0", ...)`: ten keys spread over the data set. */
export function keysPredicate(stores: number): string {
  const keys = Array.from({ length: 10 }, (_, j) => storeKey(Math.floor((stores / 10) * j)));
  return `key in (${keys.map((key) => `"${key}"`).join(', ')})`;
}

export const scenarios: Scenario[] = [
  {
    name: 'GET /health',
    load: async (endpoint) => ({ url: `${endpoint.url}/health` }),
  },
  {
    name: 'GET /stores/key={key}',
    lean: true,
    load: async (endpoint, { stores }) => ({
      url: `${endpoint.url}/${endpoint.projectKey}/stores/key=${storeKey(Math.floor(stores / 2))}`,
      headers: bearer(endpoint),
    }),
  },
  {
    name: 'GET /stores?where=key in (10 keys)&withTotal',
    load: async (endpoint, { stores }) => ({
      url:
        `${endpoint.url}/${endpoint.projectKey}/stores?where=${encodeURIComponent(keysPredicate(stores))}` +
        '&withTotal=true',
      headers: bearer(endpoint),
    }),
  },
  {
    // Each connection updates a Store of its own, always at the version the last answer gave: fresh versions.
    name: 'POST /stores/key={key} setName',
    lean: true,
    async load(endpoint, { connections, tag }, db) {
      const keys = Array.from({ length: connections }, (_, i) => storeKey(i));
      const { rows } = await db.query<{ key: string; version: number }>(
        `SELECT key, version FROM ${endpoint.storesTable ?? '"stores"."stores"'}
         WHERE project_key = $1 AND key = ANY($2::text[])`,
        [endpoint.projectKey, keys],
      );
      const versions = new Map(rows.map((row) => [row.key, row.version]));
      let nextClient = 0;
      return {
        url: endpoint.url,
        headers: { ...bearer(endpoint), 'content-type': 'application/json' },
        setupClient(client: autocannon.Client) {
          const key = keys[nextClient++ % keys.length];
          let version = versions.get(key) ?? 1;
          let n = 0;
          client.setRequests([
            {
              method: 'POST',
              path: `/${endpoint.projectKey}/stores/key=${key}`,
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  version,
                  actions: [{ action: 'setName', name: { en: `Store ${key} ${tag} ${n++}` } }],
                }),
              }),
              // A lost race (409) costs one error, not the rest of the run: its answer names the version.
              onResponse: (status, body) => {
                if (status === 200) version = (JSON.parse(body) as { version: number }).version;
                if (status === 409) {
                  const error = JSON.parse(body) as { errors?: Array<{ currentVersion?: number }> };
                  version = error.errors?.[0]?.currentVersion ?? version;
                }
              },
            },
          ]);
        },
      };
    },
  },
  {
    name: 'POST /stores (create)',
    async load(endpoint, { tag }) {
      let n = 0;
      return {
        url: `${endpoint.url}/${endpoint.projectKey}/stores`,
        method: 'POST',
        headers: { ...bearer(endpoint), 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const key = `${CREATED_PREFIX}${tag}-${n++}`;
              return {
                ...request,
                body: JSON.stringify({ key, name: { en: `Store ${key}` }, countries: [{ code: 'DE' }] }),
              };
            },
          },
        ],
      };
    },
    async cleanup(db, projectKey) {
      await db.query(
        `DELETE FROM "stores"."messages" WHERE project_key = $1 AND resource_id IN (
           SELECT id FROM "stores"."stores" WHERE project_key = $1 AND key LIKE '${CREATED_PREFIX}%')`,
        [projectKey],
      );
      await db.query(
        `DELETE FROM "stores"."stores" WHERE project_key = $1 AND key LIKE '${CREATED_PREFIX}%'`,
        [projectKey],
      );
    },
  },
  {
    name: 'POST /oauth/token client_credentials',
    async load(endpoint, _run, db) {
      grantsSince.set(endpoint.projectKey, (await db.query<{ now: Date }>('SELECT now()')).rows[0].now);
      return {
        url: `${endpoint.url}/oauth/token`,
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      };
    },
    // The grants of the run: the tokens table stays the size it was, for every later run and lookup.
    async cleanup(db, projectKey) {
      const since = grantsSince.get(projectKey);
      if (!since) return;
      await db.query(`DELETE FROM "auth"."tokens" WHERE project_key = $1 AND created_at >= $2`, [
        projectKey,
        since,
      ]);
    },
  },
];

/**
 * Grows the seeded Stores to `to` by copying `bench-0` (created through the API, so every copy has exactly
 * the platform's shape) with its StoreCreated Message, in one statement; then refreshes planner statistics,
 * so the bench measures the steady state.
 */
export async function seedStores(db: pg.Pool, projectKey: string, from: number, to: number): Promise<void> {
  if (to > from) {
    await db.query(
      `WITH template AS (
         SELECT s.id, s.doc, m.doc AS message FROM "stores"."stores" s
         JOIN "stores"."messages" m ON m.resource_id = s.id AND m.sequence_number = 1
         WHERE s.project_key = $1 AND s.key = 'bench-0'),
       copies AS (
         SELECT i, 'bench-' || i AS key, gen_random_uuid()::text AS id, gen_random_uuid()::text AS message_id
         FROM generate_series($2::int, $3::int - 1) AS i),
       stores AS (
         INSERT INTO "stores"."stores" (id, project_key, key, version, created_at, last_modified_at, doc,
           message_seq)
         SELECT c.id, $1, c.key, 1, (t.doc->>'createdAt')::timestamptz, (t.doc->>'createdAt')::timestamptz,
           t.doc || jsonb_build_object('id', c.id, 'key', c.key, 'name', jsonb_build_object('en', 'Store ' || c.i)),
           1
         FROM template t, copies c RETURNING id)
       INSERT INTO "stores"."messages" (id, project_key, key, version, created_at, last_modified_at, doc,
         resource_id, sequence_number, type, expires_at)
       SELECT c.message_id, $1, NULL, 1, m.created_at, m.created_at,
         t.message || jsonb_build_object('id', c.message_id, 'resource', jsonb_build_object('typeId', 'store', 'id', c.id),
           'resourceUserProvidedIdentifiers', jsonb_build_object('key', c.key),
           'name', jsonb_build_object('en', 'Store ' || c.i)),
         c.id, 1, 'StoreCreated', m.expires_at
       FROM template t, copies c, "stores"."messages" m
       WHERE m.resource_id = t.id AND m.sequence_number = 1 AND c.id IN (SELECT id FROM stores)`,
      [projectKey, Math.max(from, 1), to],
    );
  }
  await db.query('ANALYZE "stores"."stores"');
  await db.query('ANALYZE "stores"."messages"');
  await db.query('ANALYZE "auth"."tokens"');
}
