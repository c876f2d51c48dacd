import { startEmbeddedDatabase, freePort, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { ApiError } from '@commerce/errors';
import { baseResourceSpec } from '@commerce/query';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { openDatabase } from './database.js';
import { documentTableSqlV1, documentTableSqlV2 } from './document.entity.js';
import {
  DocumentTable,
  MAX_DOCUMENT_BYTES,
  MAX_TOTAL_WITH_PREDICATE,
  type FollowUp,
} from './document-table.js';
import type { Queryable } from './queryable.js';
import { MAX_BUILT_STATEMENTS_PER_CONNECTION, builtQuery, statementNameFor } from './prepared.js';

class Things1700000000000 implements MigrationInterface {
  name = 'Things1700000000000';
  async up(db: QueryRunner) {
    for (const statement of documentTableSqlV1('test_things', 'things')) await db.query(statement);
  }
  async down(db: QueryRunner) {
    await db.query('DROP TABLE "test_things"."things"');
  }
}

interface Thing {
  id: string;
  key?: string;
  version: number;
  createdAt: string;
  lastModifiedAt: string;
  color?: string;
}

const thing = (id: string, key: string, color = 'red'): Thing => ({
  id,
  key,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
  color,
});

const params = (where: string[] = [], sort: string[] = []) => ({
  where,
  sort,
  expand: [],
  vars: {},
  limit: 20,
  offset: 0,
  withTotal: true,
});

describe(DocumentTable.name, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;
  const table = new DocumentTable<Thing>('"test_things"."things"', {
    ...baseResourceSpec,
    color: { type: 'string' },
  });

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = await openDatabase({
      url: embedded.url,
      schema: 'test_things',
      migrations: [Things1700000000000],
      poolSize: 2,
    });
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await embedded.stop();
  });

  it('runs migrations once: a second start finds nothing to do', async () => {
    const again = await openDatabase({
      url: embedded.url,
      schema: 'test_things',
      migrations: [Things1700000000000],
      poolSize: 1,
    });
    expect(await again.showMigrations()).toBe(false);
    await again.destroy();
  });

  it('stores, finds by id and key, and keeps projects apart', async () => {
    await table.insert(db, 'p1', thing('a1', 'alpha'));
    await table.insert(db, 'p2', thing('b1', 'alpha'));
    expect((await table.findById(db, 'p1', 'a1'))?.key).toBe('alpha');
    expect((await table.findByKey(db, 'p2', 'alpha'))?.id).toBe('b1');
    expect(await table.findById(db, 'p2', 'a1')).toBeUndefined();
    expect((await table.findMany(db, 'p1', { keys: ['alpha'], ids: ['b1'] })).map((t) => t.id)).toEqual([
      'a1',
    ]);
  });

  it('answers a duplicate key in one project with DuplicateField', async () => {
    await table.insert(db, 'p1', thing('a2', 'dup'));
    const error = (await table.insert(db, 'p1', thing('a3', 'dup')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'dup' });
  });

  it('replaces only at the expected version, so one of two writers wins', async () => {
    await table.insert(db, 'p1', thing('v1', 'versioned'));
    const next = { ...thing('v1', 'versioned', 'blue'), version: 2 };
    const results = await Promise.all([table.replace(db, 'p1', next, 1), table.replace(db, 'p1', next, 1)]);
    expect(results.sort()).toEqual([false, true]);
    expect((await table.findById(db, 'p1', 'v1'))?.color).toBe('blue');
    expect(await table.replace(db, 'p2', { ...next, version: 3 }, 2)).toBe(false);
  });

  it('refuses a document over 16 MB (UTF-8 bytes) with ResourceSizeLimitExceeded and writes nothing', async () => {
    const overhead = JSON.stringify({ ...thing('big', 'big'), color: '' }).length;
    const fits = { ...thing('big', 'big'), color: 'x'.repeat(MAX_DOCUMENT_BYTES - overhead) };
    await table.insert(db, 'p1', fits);
    // One more byte, as a two-byte character where the text has room for one: counted in bytes.
    const grown = { ...fits, version: 2, color: `${'x'.repeat(MAX_DOCUMENT_BYTES - overhead - 1)}é` };
    const refused = (await table.replace(db, 'p1', grown, 1).catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'ResourceSizeLimitExceeded' });
    const stored = await table.findById(db, 'p1', 'big');
    expect(stored?.version).toBe(1);
    expect(stored?.color).toHaveLength(MAX_DOCUMENT_BYTES - overhead);
    const newOne = { ...grown, id: 'big2', key: 'big2', version: 1 };
    await expect(table.insert(db, 'p1', newOne)).rejects.toMatchObject({ code: 'ResourceSizeLimitExceeded' });
    expect(await table.findById(db, 'p1', 'big2')).toBeUndefined();
  });

  it('deletes only at the expected version and only in its project', async () => {
    await table.insert(db, 'p1', thing('d1', 'doomed'));
    expect(await table.delete(db, 'p2', 'd1', 1)).toBeUndefined();
    expect(await table.delete(db, 'p1', 'd1', 2)).toBeUndefined();
    expect((await table.delete(db, 'p1', 'd1', 1))?.id).toBe('d1');
    expect(await table.findById(db, 'p1', 'd1')).toBeUndefined();
  });

  it('queries with predicates, sort and totals within the project', async () => {
    await table.insert(db, 'p3', thing('q1', 'q-one', 'green'));
    await table.insert(db, 'p3', thing('q2', 'q-two', 'green'));
    await table.insert(db, 'p3', thing('q3', 'q-three', 'black'));
    const page = await table.query(db, 'p3', params(['color = "green"'], ['key desc']));
    expect(page).toMatchObject({ count: 2, total: 2, offset: 0, limit: 20 });
    expect(page.results.map((t) => t.key)).toEqual(['q-two', 'q-one']);
    expect(await table.existsWhere(db, 'p3', ['color = "black"'], {})).toBe(true);
    expect(await table.existsWhere(db, 'p1', ['color = "black"'], {})).toBe(false);
    expect(MAX_TOTAL_WITH_PREDICATE).toBe(10_000);
  });

  it('answers the total with the page, also for a page beyond the end and for no match', async () => {
    for (const i of [1, 2, 3]) await table.insert(db, 'p4', thing(`t${i}`, `t-${i}`, 'teal'));
    const paged = (offset: number, where: string[] = []) => ({ ...params(where), limit: 2, offset });
    expect(await table.query(db, 'p4', paged(0))).toMatchObject({ count: 2, total: 3 });
    expect(await table.query(db, 'p4', paged(2, ['color = "teal"']))).toMatchObject({ count: 1, total: 3 });
    expect(await table.query(db, 'p4', paged(5))).toMatchObject({ count: 0, total: 3, results: [] });
    expect(await table.query(db, 'p4', paged(5, ['color = "teal"']))).toMatchObject({ count: 0, total: 3 });
    expect(await table.query(db, 'p4', paged(0, ['color = "pink"']))).toMatchObject({ count: 0, total: 0 });
    const noTotal = await table.query(db, 'p4', { ...paged(0), withTotal: false });
    expect(noTotal.count).toBe(2);
    expect(noTotal).not.toHaveProperty('total');
  });

  it('answers the total of a page of limit=0 at any offset, with and without a predicate', async () => {
    for (const i of [1, 2, 3])
      await table.insert(db, 'p6', thing(`z${i}`, `z-${i}`, i === 3 ? 'blue' : 'olive'));
    const counting = (offset: number, where: string[] = []) => ({ ...params(where), limit: 0, offset });
    for (const offset of [0, 1, 2, 3, 5]) {
      expect(await table.query(db, 'p6', counting(offset))).toMatchObject({
        count: 0,
        total: 3,
        results: [],
      });
      const olive = await table.query(db, 'p6', counting(offset, ['color = "olive"']));
      expect(olive).toMatchObject({ count: 0, total: 2, limit: 0, offset });
    }
    expect(await table.query(db, 'p6', counting(0, ['color = "pink"']))).toMatchObject({ total: 0 });
    expect(await table.query(db, 'p6', { ...counting(0), withTotal: false })).not.toHaveProperty('total');
  });

  it('caps the total of a predicate at MAX_TOTAL_WITH_PREDICATE, not the total of all', async () => {
    await db.query(
      `INSERT INTO "test_things"."things" (id, project_key, key, version, created_at, last_modified_at, doc)
       SELECT 'many-' || i, 'p5', 'many-' || i, 1, now(), now(),
         jsonb_build_object('id', 'many-' || i, 'key', 'many-' || i, 'version', 1, 'color', 'grey')
       FROM generate_series(1, $1::int) AS i`,
      [MAX_TOTAL_WITH_PREDICATE + 5],
    );
    const all = await table.query(db, 'p5', { ...params(), limit: 1 });
    expect(all.total).toBe(MAX_TOTAL_WITH_PREDICATE + 5);
    const grey = await table.query(db, 'p5', { ...params(['color = "grey"']), limit: 1 });
    expect(grey).toMatchObject({ count: 1, total: MAX_TOTAL_WITH_PREDICATE });
    const counted = await table.query(db, 'p5', { ...params(['color = "grey"']), limit: 0 });
    expect(counted).toMatchObject({ count: 0, total: MAX_TOTAL_WITH_PREDICATE });
    expect(await table.query(db, 'p5', { ...params(), limit: 0 })).toMatchObject({
      total: MAX_TOTAL_WITH_PREDICATE + 5,
    });
    const beyond = await table.query(db, 'p5', { ...params(['color = "grey"']), offset: 20_000 });
    expect(beyond).toMatchObject({ count: 0, total: MAX_TOTAL_WITH_PREDICATE });
    // The last page is not full, so it tells the total itself: capped the same with a predicate.
    const last = { ...params(), sort: ['key asc'], offset: MAX_TOTAL_WITH_PREDICATE - 5, limit: 20 };
    expect(await table.query(db, 'p5', last)).toMatchObject({
      count: 10,
      total: MAX_TOTAL_WITH_PREDICATE + 5,
    });
    const lastGrey = await table.query(db, 'p5', { ...last, where: ['color = "grey"'] });
    expect(lastGrey).toMatchObject({ count: 10, total: MAX_TOTAL_WITH_PREDICATE });
    expect(lastGrey.results.map((t) => t.key)).toEqual(
      (await table.query(db, 'p5', last)).results.map((t) => t.key),
    );
  }, 60_000);

  it('prepares built statements once per shape, at most MAX_BUILT_STATEMENTS_PER_CONNECTION per connection', async () => {
    await db.transaction(async (tx) => {
      // One connection: the transaction's. pg_prepared_statements lists this session's statements.
      const built = async () =>
        (
          await tx.query<Array<{ n: number }>>(
            `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'b\\_%'`,
          )
        )[0].n;
      const before = await built();
      for (const value of [7, 8]) {
        expect(await builtQuery(tx, 'SELECT $1::int AS n', [value])).toEqual([{ n: value }]);
      }
      expect(await built()).toBe(before + 1);
      for (let i = 0; i <= MAX_BUILT_STATEMENTS_PER_CONNECTION; i++) {
        expect(await builtQuery(tx, `SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
      }
      expect(await built()).toBe(MAX_BUILT_STATEMENTS_PER_CONNECTION);
      expect(await builtQuery(tx, 'SELECT $1::int AS n', [9])).toEqual([{ n: 9 }]);
    });
  });

  it('runs its hot statements prepared inside a transaction as well', async () => {
    await db.transaction(async (tx) => {
      await table.insert(tx, 'p6', thing('x1', 'in-tx'));
      expect(await table.replace(tx, 'p6', { ...thing('x1', 'in-tx', 'blue'), version: 2 }, 1)).toBe(true);
      expect((await table.findByKey(tx, 'p6', 'in-tx'))?.color).toBe('blue');
    });
    await db
      .transaction(async (tx) => {
        await table.insert(tx, 'p6', thing('x2', 'rolled-back'));
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await table.findByKey(db, 'p6', 'rolled-back')).toBeUndefined();
  });
});

describe(`${DocumentTable.name} follow-ups`, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;
  const table = new DocumentTable<Thing>('"test_follow"."things"', { ...baseResourceSpec });
  const log: FollowUp = {
    name: 'log',
    takes: 1,
    sql: (first, written) =>
      `INSERT INTO "test_follow"."log" (thing_id, note, seq) SELECT $${first}, $${first + 1}, message_seq FROM ${written}`,
    values: [],
  };
  const note = (id: string, text: string): FollowUp => ({ ...log, values: [id, text] });
  const notes = async (id: string) =>
    (
      await db.query<Array<{ note: string }>>(
        `SELECT note FROM "test_follow"."log" WHERE thing_id = $1 ORDER BY note`,
        [id],
      )
    ).map((row) => row.note);

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = await openDatabase({ url: embedded.url, schema: 'test_follow', migrations: [], poolSize: 2 });
    for (const statement of documentTableSqlV2('test_follow', 'things')) await db.query(statement);
    await db.query(
      `CREATE TABLE "test_follow"."log" (thing_id text NOT NULL, note text NOT NULL CHECK (note <> 'refused'), seq int NOT NULL)`,
    );
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await embedded.stop();
  });

  it('writes the follow-up with the insert, and neither when the insert fails', async () => {
    await table.insert(db, 'p1', thing('f1', 'first'), note('f1', 'created'));
    expect(await notes('f1')).toEqual(['created']);
    await expect(table.insert(db, 'p1', thing('f2', 'first'), note('f2', 'created'))).rejects.toMatchObject({
      errors: [{ code: 'DuplicateField' }],
    });
    expect(await notes('f2')).toEqual([]);
  });

  it('writes the follow-up only when the version matched, and not the change when the follow-up fails', async () => {
    const next = { ...thing('f1', 'first', 'blue'), version: 2 };
    expect(await table.replace(db, 'p1', next, 5, note('f1', 'stale'))).toBe(false);
    expect(await table.replace(db, 'p1', next, 1, note('f1', 'updated'))).toBe(true);
    expect(await notes('f1')).toEqual(['created', 'updated']);
    const seqs = await db.query<Array<{ seq: number }>>(`SELECT seq FROM "test_follow"."log" ORDER BY seq`);
    expect(seqs.map((row) => row.seq)).toEqual([1, 2]);
    const refused = table.replace(db, 'p1', { ...next, version: 3, color: 'pink' }, 2, note('f1', 'refused'));
    await expect(refused).rejects.toThrow();
    expect(await table.findById(db, 'p1', 'f1')).toMatchObject({ version: 2, color: 'blue' });
  });

  it('counts as single statements only when insert and replace are its own', () => {
    class Claiming extends DocumentTable<Thing> {
      override async insert(target: Queryable, projectKey: string, doc: Thing): Promise<void> {
        await super.insert(target, projectKey, doc);
      }
    }
    expect(table.writesAreSingleStatements).toBe(true);
    expect(new Claiming('"x"."y"', {}).writesAreSingleStatements).toBe(false);
  });
});

describe(statementNameFor.name, () => {
  it('names a statement after its table and purpose', () => {
    expect(statementNameFor('"stores"."stores"', 'by_key')).toBe('stores_stores_by_key');
    expect(statementNameFor('"catalog"."product_selections"', 'replace')).toBe(
      'catalog_product_selections_replace',
    );
  });
});
