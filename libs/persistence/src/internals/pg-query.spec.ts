import pg from 'pg';
import { startTestServer, type TestServer } from '../testing.js';
import { runQuery } from './pg-query.js';

// Against a real PostgreSQL (the embedded one): what `runQuery` relies on in `pg` (its private `Query.name`, and
// the parts of `Query.prepare`, `handleRowDescription` and `Result.addFields` behind describing a named statement
// once per connection), and that its rows are the ones `pg` answers on its own.
let server: TestServer;
let client: pg.Client;
beforeAll(async () => {
  server = await startTestServer();
  client = await connect();
}, 60_000);
afterAll(async () => {
  await client.end();
  await server.stop();
});

async function connect(config: pg.ClientConfig = {}): Promise<pg.Client> {
  const connected = new pg.Client({ connectionString: server.url, ...config });
  await connected.connect();
  return connected;
}

/** The same statement run by `pg` on its own, named: Parse once, then Bind, Describe, Execute, Sync every time. */
async function plain<R>(on: pg.Client, name: string, text: string, values: unknown[]): Promise<R[]> {
  return (await on.query({ name, text, values })).rows as R[];
}

/** Counts the RowDescription messages PostgreSQL sends on `on`'s connection from now on. */
function rowDescriptions(on: pg.Client): { count: number } {
  const counter = { count: 0 };
  on.connection.on('rowDescription', () => counter.count++);
  return counter;
}

/** Records the protocol messages `pg` sends on `on`'s connection (its own methods, wrapped on the instance). */
function recordSent(on: pg.Client): { sent: Array<[string, unknown]>; restore(): void } {
  const sent: Array<[string, unknown]> = [];
  const connection = on.connection as unknown as Record<string, (message?: unknown) => unknown>;
  const methods = ['parse', 'bind', 'describe', 'execute', 'flush', 'sync', 'close'];
  for (const method of methods) {
    const original = connection[method];
    connection[method] = function (this: unknown, message?: unknown) {
      sent.push([method, message]);
      return original.call(this, message);
    };
  }
  return {
    sent,
    restore: () => methods.forEach((method) => delete connection[method]),
  };
}

/** Each outcome of `run`, a value or an error's code and message, for comparing two ways of running. */
async function outcome<R>(run: () => Promise<R>): Promise<{ ok: R } | { error: string }> {
  try {
    return { ok: await run() };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { error: `${code ?? ''} ${message}` };
  }
}

const prepared = async () =>
  (
    await client.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
    )
  ).rows;

describe('what runQuery relies on in pg', () => {
  type Internals = Record<string, unknown>;
  const queryProto = pg.Query.prototype as unknown as Internals;

  it('has the Query methods it overrides or calls, and utils.prepareValue', () => {
    for (const method of ['prepare', 'hasBeenParsed', 'handleRowDescription', 'handleError', '_getRows']) {
      expect(typeof queryProto[method]).toBe('function');
    }
    expect(typeof (pg as unknown as { utils: Internals }).utils.prepareValue).toBe('function');
    const connection = client.connection as unknown as Internals;
    for (const method of ['bind', 'describe', 'execute', 'sync', 'close']) {
      expect(typeof connection[method]).toBe('function');
    }
  });

  it("takes the text and values as they are, and a Result's types from the client", () => {
    const values = [1];
    const query = new pg.Query('SELECT $1::int', values) as unknown as Internals & { _result: Internals };
    expect(query.text).toBe('SELECT $1::int');
    expect(query.values).toBe(values);
    expect(query.name).toBeUndefined();
    expect(query.portal).toBe('');
    expect(query._result._types).toBeUndefined();
    void client.query(query as unknown as pg.Query);
    expect(query._result._types).toBe((client as unknown as Internals)._types);
  });

  it("builds from a RowDescription only the Result's fields, parsers and empty row, and the Query's _accumulateRows", () => {
    const fields = [
      { name: 'n', dataTypeID: 23, format: 'text' },
      { name: 'j', dataTypeID: 3802, format: 'text' },
    ];
    const query = new pg.Query('SELECT', [], () => undefined) as unknown as Internals & {
      _result: Internals;
      handleRowDescription(message: unknown): void;
    };
    const queryBefore = { ...query };
    const resultBefore = { ...query._result };
    query.handleRowDescription({ fields });
    const changed = (before: Internals, after: Internals) =>
      Object.keys(after).filter((key) => after[key] !== before[key]);
    expect(changed(queryBefore, query)).toEqual(['_accumulateRows']);
    expect(changed(resultBefore, query._result).sort()).toEqual([
      '_parsers',
      '_prebuiltEmptyResultObject',
      'fields',
    ]);
    expect(query._result.fields).toBe(fields);
    expect(query._result._parsers).toEqual([
      pg.types.getTypeParser(23, 'text'),
      pg.types.getTypeParser(3802, 'text'),
    ]);
    expect(query._result._prebuiltEmptyResultObject).toEqual({ n: null, j: null });
    const parseRow = (query._result as { parseRow(row: unknown[]): unknown }).parseRow.bind(query._result);
    expect(parseRow(['7', '{"a":1}'])).toEqual({ n: 7, j: { a: 1 } });
  });

  it("sends what pg's own prepare sends on a named statement's later runs, less the Describe", async () => {
    const text = 'SELECT $1::int + 1 AS n, $2::jsonb AS j';
    const values = [1, { a: [1, 2] }];
    const { sent, restore } = recordSent(client);
    try {
      const runs: Array<Array<[string, unknown]>> = [];
      for (const run of [plain, plain, runQuery, runQuery, runQuery]) {
        sent.length = 0;
        expect(await run(client, 'pg_query_spec_sent', text, values)).toEqual([{ n: 2, j: { a: [1, 2] } }]);
        runs.push([...sent]);
      }
      const [first, byPg, firstOurs, secondOurs, thirdOurs] = runs;
      expect(first.map(([method]) => method)).toEqual(['parse', 'bind', 'describe', 'execute', 'sync']);
      expect(byPg.map(([method]) => method)).toEqual(['bind', 'describe', 'execute', 'sync']);
      // Described by pg, not by runQuery yet: the first run of runQuery describes and remembers.
      expect(firstOurs).toEqual(byPg);
      expect(secondOurs).toEqual(byPg.filter(([method]) => method !== 'describe'));
      expect(thirdOurs).toEqual(secondOurs);
      const bind = secondOurs[0][1] as { valueMapper: unknown };
      expect(bind.valueMapper).toBe(
        (pg as unknown as { utils: { prepareValue: unknown } }).utils.prepareValue,
      );
    } finally {
      restore();
    }
  });
});

it('prepares a named statement once on the connection and runs it with its values', async () => {
  for (const n of [1, 2, 3]) {
    const rows = await runQuery<{ n: number }>(client, 'pg_query_spec_add', 'SELECT $1::int + 1 AS n', [n]);
    expect(rows).toEqual([{ n: n + 1 }]);
    expect((await prepared()).map((row) => row.name)).toContain('pg_query_spec_add');
  }
});

it('runs an unnamed statement unprepared, and fails with the database error', async () => {
  const before = await prepared();
  expect(await runQuery(client, undefined, 'SELECT $1::text AS t', ['x'])).toEqual([{ t: 'x' }]);
  expect(await prepared()).toEqual(before);
  await expect(runQuery(client, 'pg_query_spec_fail', 'SELECT 1/$1::int', [0])).rejects.toMatchObject({
    code: '22012',
  });
});

describe('a named statement described once per connection', () => {
  let on: pg.Client;
  beforeAll(async () => {
    on = await connect();
    await on.query(`
      CREATE TABLE pg_query_spec_rows (
        id int PRIMARY KEY, t text, big bigint, flag bool, at timestamptz, doc jsonb, raw json,
        tags text[], nums int[], dec numeric, day date
      );
      INSERT INTO pg_query_spec_rows
      SELECT i, 'row ' || i, 9007199254740993 + i, i % 2 = 0, '2026-01-01T00:00:00Z'::timestamptz + make_interval(secs => i),
        jsonb_build_object('i', i, 'nested', jsonb_build_array(i, 'x', NULL)), json_build_object('i', i),
        ARRAY['a', 'b' || i], ARRAY[i, NULL, -i], i / 3.0, DATE '2026-03-01' + i
      FROM generate_series(1, 500) AS i;
      INSERT INTO pg_query_spec_rows (id) VALUES (1000);
    `);
  });
  afterAll(() => on.end());

  const select = 'SELECT * FROM pg_query_spec_rows WHERE id BETWEEN $1 AND $2 ORDER BY id';

  it.each([
    ['one row with every type', [7, 7], 1],
    ['many rows', [1, 500], 500],
    ['NULLs in every column but the key', [1000, 1000], 1],
    ['no rows', [600, 700], 0],
  ])(
    'answers the rows pg answers: %s, without asking again for their description',
    async (_, values, count) => {
      const name = `pg_query_spec_rows_${count}_${values[0]}`;
      const described = rowDescriptions(on);
      const expected = await plain(on, `${name}_plain`, select, values);
      expect(expected).toHaveLength(count);
      expect(described.count).toBe(1);
      for (let run = 0; run < 3; run++) {
        const rows = await runQuery<Record<string, unknown>>(on, name, select, values);
        expect(rows).toStrictEqual(expected);
        expect(rows.map((row) => Object.keys(row))).toEqual(
          expected.map((row) => Object.keys(row as object)),
        );
      }
      expect(described.count).toBe(2);
    },
  );

  it('parses each type on a run that was not described', async () => {
    const described = rowDescriptions(on);
    for (let run = 0; run < 2; run++) {
      const [row] = await runQuery(on, 'pg_query_spec_types', select, [7, 7]);
      expect(row).toStrictEqual({
        id: 7,
        t: 'row 7',
        big: '9007199254741000',
        flag: false,
        at: new Date('2026-01-01T00:00:07Z'),
        doc: { i: 7, nested: [7, 'x', null] },
        raw: { i: 7 },
        tags: ['a', 'b7'],
        nums: [7, null, -7],
        dec: '2.3333333333333333',
        day: new Date(2026, 2, 8),
      });
    }
    expect(described.count).toBe(1);
  });

  it('runs a statement without rows (NoData) as pg does: described every time', async () => {
    const described = rowDescriptions(on);
    const { sent, restore } = recordSent(on);
    const update = 'UPDATE pg_query_spec_rows SET t = $2 WHERE id = $1';
    try {
      for (const text of ['first', 'second', 'third']) {
        expect(await runQuery(on, 'pg_query_spec_update', update, [3, text])).toEqual([]);
      }
    } finally {
      restore();
    }
    expect(sent.filter(([method]) => method === 'describe')).toHaveLength(3);
    expect(described.count).toBe(0);
    expect((await on.query('SELECT t FROM pg_query_spec_rows WHERE id = 3')).rows).toEqual([{ t: 'third' }]);
  });

  it('describes again after an error, and the same statement then succeeds', async () => {
    const described = rowDescriptions(on);
    const insert = 'INSERT INTO pg_query_spec_rows (id, t) VALUES ($1, $2) RETURNING id, t';
    expect(await runQuery(on, 'pg_query_spec_insert', insert, [2001, 'a'])).toEqual([{ id: 2001, t: 'a' }]);
    expect(await runQuery(on, 'pg_query_spec_insert', insert, [2002, 'b'])).toEqual([{ id: 2002, t: 'b' }]);
    expect(described.count).toBe(1);
    await expect(runQuery(on, 'pg_query_spec_insert', insert, [2001, 'c'])).rejects.toMatchObject({
      code: '23505',
    });
    expect(await runQuery(on, 'pg_query_spec_insert', insert, [2003, 'd'])).toEqual([{ id: 2003, t: 'd' }]);
    expect(await runQuery(on, 'pg_query_spec_insert', insert, [2004, 'e'])).toEqual([{ id: 2004, t: 'e' }]);
    // The failed run was not described (its description was known); the run after the error describes again.
    expect(described.count).toBe(2);
  });

  it('does what pg does when a schema change changes the result type, and when the statement is deallocated', async () => {
    await on.query(
      'CREATE TABLE pg_query_spec_alter (id int, t text); INSERT INTO pg_query_spec_alter VALUES (1, $$x$$)',
    );
    const other = await connect();
    const text = 'SELECT * FROM pg_query_spec_alter WHERE id = $1';
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['run', async () => undefined],
      ['run', async () => undefined],
      ['add a column', () => other.query('ALTER TABLE pg_query_spec_alter ADD COLUMN n int DEFAULT 7')],
      ['run', async () => undefined],
      ['run', async () => undefined],
      ['drop it', () => other.query('ALTER TABLE pg_query_spec_alter DROP COLUMN n')],
      ['run', async () => undefined],
      ['run', async () => undefined],
      [
        'deallocate',
        () => on.query('DEALLOCATE pg_query_spec_alter_plain; DEALLOCATE pg_query_spec_alter_ours'),
      ],
      ['run', async () => undefined],
    ];
    const byPg: unknown[] = [];
    const ours: unknown[] = [];
    try {
      for (const [step, change] of steps) {
        if (step !== 'run') {
          await change();
          continue;
        }
        byPg.push(await outcome(() => plain(on, 'pg_query_spec_alter_plain', text, [1])));
        ours.push(await outcome(() => runQuery(on, 'pg_query_spec_alter_ours', text, [1])));
      }
    } finally {
      await other.end();
    }
    expect(JSON.parse(JSON.stringify(ours).replaceAll('_ours', '_plain'))).toEqual(byPg);
    expect(byPg).toEqual([
      { ok: [{ id: 1, t: 'x' }] },
      { ok: [{ id: 1, t: 'x' }] },
      { error: '0A000 cached plan must not change result type' },
      { error: '0A000 cached plan must not change result type' },
      { ok: [{ id: 1, t: 'x' }] },
      { ok: [{ id: 1, t: 'x' }] },
      { error: '26000 prepared statement "pg_query_spec_alter_plain" does not exist' },
    ]);
  });

  it('fails a value pg cannot send as pg does, on a described statement too', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const text = 'SELECT $1::jsonb AS j';
    const byPg: unknown[] = [];
    const ours: unknown[] = [];
    for (const value of [{ a: 1 }, { a: 2 }, circular, { a: 3 }]) {
      byPg.push(await outcome(() => plain(on, 'pg_query_spec_bind', text, [value])));
      ours.push(await outcome(() => runQuery(on, 'pg_query_spec_bind_ours', text, [value])));
    }
    expect(ours.map((o) => JSON.stringify(o).replace('_ours', ''))).toEqual(
      byPg.map((o) => JSON.stringify(o)),
    );
    expect(byPg[2]).toEqual({ error: expect.stringContaining('circular') as unknown });
  });

  it("parses with the client's own type parsers, described or not", async () => {
    const types = new pg.TypeOverrides();
    types.setTypeParser(20, (text: string) => BigInt(text));
    const typed = await connect({ types });
    try {
      const text = 'SELECT big FROM pg_query_spec_rows WHERE id = $1';
      for (let run = 0; run < 3; run++) {
        expect(await runQuery(typed, 'pg_query_spec_typed', text, [1])).toEqual([{ big: 9007199254740994n }]);
        expect(await runQuery(on, 'pg_query_spec_typed', text, [1])).toEqual([{ big: '9007199254740994' }]);
      }
    } finally {
      await typed.end();
    }
  });

  it('describes once on each connection of a pool', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    const describedBy = new Map<pg.PoolClient, { count: number }>();
    pool.on('connect', (pooled) => describedBy.set(pooled, rowDescriptions(pooled)));
    const text = 'SELECT id, doc FROM pg_query_spec_rows WHERE id = $1';
    try {
      const rows = await Promise.all(
        Array.from({ length: 80 }, async (_, i) => {
          const pooled = await pool.connect();
          try {
            return await runQuery<{ id: number }>(pooled, 'pg_query_spec_pool', text, [(i % 50) + 1]);
          } finally {
            pooled.release();
          }
        }),
      );
      expect(rows.map(([row]) => row.id)).toEqual(Array.from({ length: 80 }, (_, i) => (i % 50) + 1));
      expect(describedBy.size).toBeGreaterThan(1);
      expect([...describedBy.values()].map(({ count }) => count)).toEqual(
        [...describedBy.keys()].map(() => 1),
      );
      // A new connection describes again: the memory is its connection's.
      const fresh = await connect();
      const described = rowDescriptions(fresh);
      expect(await runQuery(fresh, 'pg_query_spec_pool', text, [1])).toEqual([rows[0][0]]);
      await fresh.end();
      expect(described.count).toBe(1);
    } finally {
      // pg-pool's end answers before its clients' connections are closed: wait for them, before the server stops.
      const closed = new Promise((resolve) => {
        let open = pool.totalCount;
        if (open === 0) resolve(undefined);
        pool.on('remove', () => --open === 0 && resolve(undefined));
      });
      await pool.end();
      await closed;
    }
  });
});
