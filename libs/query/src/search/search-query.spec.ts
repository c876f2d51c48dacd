import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import pg from 'pg';
import { SqlParams } from '../sql-params.js';
import {
  MAX_EXACT_VALUES,
  MAX_SEARCH_EXPRESSIONS,
  parseSearchQuery,
  searchPagingOf,
  simpleNodes,
  type SearchFieldResolver,
  type SearchValueType,
} from './search-query.js';
import {
  effectiveFuzziness,
  likePatternOf,
  searchConditionSql,
  searchFuzzyFunctionSql,
  searchScoreSql,
  tsQueryOfWords,
} from './search-sql.js';

/** A tiny field table: a few typed fields of a document `d.doc`, `tags` a set. */
const TYPES: Record<string, SearchValueType> = {
  name: 'text',
  tags: 'text',
  n: 'number',
  ok: 'boolean',
  at: 'datetime',
  day: 'date',
  time: 'time',
};
const resolve: SearchFieldResolver = (field, { at }) => {
  const type = TYPES[field];
  if (!type) throw new Error(`unknown field at ${at}`);
  return {
    name: field,
    level: 'doc',
    target: 'd.doc',
    path: `$.${field}${field === 'tags' ? '[*]' : ''}`,
    type,
  };
};

const parse = (query: unknown) => parseSearchQuery(query, 'query', resolve);
const message = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe(parseSearchQuery.name, () => {
  it.each([
    [{ exact: { field: 'name' } }, "query.exact': 'exact' takes either 'value' or 'values'"],
    [{ exact: { field: 'name', value: 1 } }, "query.exact.value': 'name' takes a text value"],
    [{ exact: { field: 'n', value: '1' } }, "'n' takes a number value"],
    [{ exact: { field: 'name', value: 'x', extra: 1 } }, 'query.exact.extra'],
    [{ and: [] }, "query.and': 'and' takes a non-empty array"],
    [
      { and: [{ exact: { field: 'name', value: 'x' } }, { bogus: {} }] },
      "query.and[1].bogus': unknown expression",
    ],
    [{ exact: { field: 'name', value: 'x' }, prefix: { field: 'name', value: 'x' } }, 'exactly one of'],
    [{ range: { field: 'name', gte: 'a' } }, "'range' applies to numbers"],
    [{ range: { field: 'n' } }, "'range' needs one of"],
    [{ range: { field: 'at', gte: 'yesterday' } }, "query.range.gte': 'at' takes a datetime value"],
    [{ fuzzy: { field: 'name', value: 'x', level: 3 } }, 'query.fuzzy.level'],
    [{ fullText: { field: 'n', value: 'x' } }, "'fullText' applies to text fields"],
    [{ fullText: { field: 'name', value: '--' } }, 'holds no word'],
    [{ fullText: { field: 'name', value: 'x', mustMatch: 'some' } }, 'mustMatch'],
    [{ exact: { field: 'name', value: 'x'.repeat(257) } }, 'at most 256 characters'],
    [
      { exact: { field: 'name', values: Array.from({ length: MAX_EXACT_VALUES + 1 }, () => 'v') } },
      `at most ${MAX_EXACT_VALUES} values`,
    ],
    [
      { or: Array.from({ length: MAX_SEARCH_EXPRESSIONS }, () => ({ exists: { field: 'name' } })) },
      `at most ${MAX_SEARCH_EXPRESSIONS} expressions`,
    ],
    [{ exists: { field: 'name', boost: -1 } }, 'query.exists.boost'],
    [[], 'an expression is an object'],
  ])('refuses %j naming where', (query, expected) => {
    expect(message(() => parse(query))).toContain(expected);
  });

  it('takes the deepest tree within the expression limit and counts scoring expressions', () => {
    let node: unknown = { exists: { field: 'name' } };
    for (let depth = 1; depth < MAX_SEARCH_EXPRESSIONS; depth++) node = { and: [node] };
    expect(() => parse(node)).not.toThrow();
    const tree = parse({
      and: [
        { exact: { field: 'name', value: 'a' } },
        { filter: [{ exists: { field: 'n' } }] },
        { not: { exists: { field: 'ok' } } },
      ],
    });
    expect(simpleNodes(tree).map((entry) => entry.scoring)).toEqual([true, false, false]);
  });

  it('reads paging within bounds', () => {
    const bounds = { defaultLimit: 20, maxLimit: 100, maxOffset: 10_000 };
    expect(searchPagingOf({}, bounds)).toEqual({ limit: 20, offset: 0 });
    expect(searchPagingOf({ limit: 100, offset: 10_000 }, bounds)).toEqual({ limit: 100, offset: 10_000 });
    for (const body of [{ limit: 101 }, { limit: -1 }, { offset: 10_001 }, { limit: '5' }, { offset: 0.5 }]) {
      expect(() => searchPagingOf(body, bounds)).toThrow(/must be an integer/);
    }
  });
});

describe('search SQL helpers', () => {
  it('escapes what the request brings', () => {
    expect(likePatternOf('a*b?c%d_e\\')).toBe('a%b_c\\%d\\_e\\\\');
    expect(tsQueryOfWords(["o'neil", 'x'], false, true)).toBe("'o''neil' & 'x':*");
    expect(tsQueryOfWords(['a', 'b'], true, false)).toBe("'a' | 'b'");
    expect([
      effectiveFuzziness('ab', 2),
      effectiveFuzziness('abcde', 2),
      effectiveFuzziness('abcdef', 2),
    ]).toEqual([0, 1, 2]);
  });
});

describe(searchConditionSql.name, () => {
  let embedded: EmbeddedDatabase;
  let db: pg.Pool;

  const docs: Array<[string, Record<string, unknown>]> = [
    [
      'a',
      {
        name: 'Red cotton shirt',
        tags: ['sale', 'new'],
        n: 10,
        ok: true,
        at: '2026-01-01T10:00:00.000Z',
        day: '2026-01-01',
        time: '10:00:00',
      },
    ],
    [
      'b',
      {
        name: "Blue O'Neil trousers",
        tags: ['new'],
        n: 25.5,
        ok: false,
        at: '2026-02-01T10:00:00Z',
        day: '2026-02-01',
        time: '12:30:00',
      },
    ],
    ['c', { name: '100% wool_jacket', n: 40, at: '2026-03-01T10:00:00+02:00', day: '2026-03-01' }],
  ];

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = new pg.Pool({ connectionString: embedded.url, max: 2 });
    await db.query(`CREATE TABLE d (id text PRIMARY KEY, doc jsonb NOT NULL)`);
    await db.query(searchFuzzyFunctionSql('public'));
    for (const [id, doc] of docs) await db.query('INSERT INTO d VALUES ($1, $2)', [id, doc]);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await embedded?.stop();
  });

  const found = async (query: unknown): Promise<string[]> => {
    const params = new SqlParams();
    const condition = searchConditionSql(parse(query), params, { fuzzyFunction: 'public.search_fuzzy' });
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM d WHERE ${condition} ORDER BY id`,
      params.values,
    );
    return rows.rows.map((row) => row.id);
  };

  it.each([
    [{ exact: { field: 'name', value: 'Red cotton shirt' } }, ['a']],
    [{ exact: { field: 'name', value: 'red COTTON shirt', caseInsensitive: true } }, ['a']],
    [{ exact: { field: 'tags', values: ['sale', 'old'] } }, ['a']],
    [{ exact: { field: 'n', values: [25.5, 40] } }, ['b', 'c']],
    [{ exact: { field: 'ok', value: false } }, ['b']],
    [{ fullText: { field: 'name', value: "o'neil BLUE" } }, ['b']],
    [{ fullText: { field: 'name', value: 'shirt jacket', mustMatch: 'any' } }, ['a', 'c']],
    [{ fullTextPrefix: { field: 'name', value: 'cotton sh' } }, ['a']],
    [{ prefix: { field: 'name', value: 'Blue' } }, ['b']],
    [{ prefix: { field: 'name', value: 'blue' } }, []],
    [{ prefix: { field: 'name', value: '100%' } }, ['c']],
    [{ wildcard: { field: 'name', value: '*wool_*' } }, ['c']],
    [{ wildcard: { field: 'name', value: '*%*' } }, ['c']],
    [{ wildcard: { field: 'name', value: 'red*SHIRT', caseInsensitive: true } }, ['a']],
    [{ fuzzy: { field: 'name', value: 'cottn', level: 1 } }, ['a']],
    [{ fuzzy: { field: 'name', value: 'trusers shrt', level: 2, mustMatch: 'any' } }, ['a', 'b']],
    [{ fuzzy: { field: 'name', value: 'ret', level: 0 } }, []],
    [{ range: { field: 'n', gt: 10, lte: 40 } }, ['b', 'c']],
    [{ range: { field: 'at', gte: '2026-01-01T10:00:00Z', lt: '2026-03-01T08:00:00Z' } }, ['a', 'b']],
    [{ range: { field: 'day', gt: '2026-01-15' } }, ['b', 'c']],
    [{ range: { field: 'time', lt: '12:00:00' } }, ['a']],
    [{ exists: { field: 'tags' } }, ['a', 'b']],
    [{ not: [{ exists: { field: 'tags' } }] }, ['c']],
    [{ and: [{ exists: { field: 'tags' } }, { range: { field: 'n', gt: 20 } }] }, ['b']],
    [{ or: [{ exact: { field: 'ok', value: true } }, { range: { field: 'n', gte: 40 } }] }, ['a', 'c']],
    [{ filter: [{ exact: { field: 'tags', value: 'new' } }] }, ['a', 'b']],
  ])('%j finds %j', async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('scores by the boosts of the scoring expressions a document meets', async () => {
    const tree = parse({
      or: [{ exact: { field: 'tags', value: 'new', boost: 2 } }, { exact: { field: 'ok', value: true } }],
    });
    const params = new SqlParams();
    const score = searchScoreSql(
      simpleNodes(tree).map((entry) => entry.node),
      params,
      { fuzzyFunction: 'public.search_fuzzy' },
    );
    const rows = await db.query<{ id: string; score: number }>(
      `SELECT id, (${score})::int AS score FROM d ORDER BY id`,
      params.values,
    );
    expect(rows.rows).toEqual([
      { id: 'a', score: 3 },
      { id: 'b', score: 2 },
      { id: 'c', score: 0 },
    ]);
  });
});
