import { storeSchema } from '../../test/store-schema.js';
import { SqlParams } from '../sql-params.js';
import { compileWhere, compileWhereForPlan, compileWhereWith } from './compile-where.js';

const vars = {
  keys: ['a', 'b'],
  one: ['x'],
  n: ['5'],
  yes: ['true'],
  when: ['2021-06-01T00:00:00Z'],
  lat: ['52.5'],
};

function compile(where: string | string[], offset = 1): [string, unknown[]] {
  const params = new SqlParams(offset);
  const sql = compileWhere(Array.isArray(where) ? where : [where], vars, storeSchema, params);
  return [sql, params.values];
}

const elements = (path: string, alias = 'e1') =>
  `jsonb_array_elements(CASE WHEN jsonb_typeof(${path}) = 'array' THEN ${path} END) AS ${alias}(value)`;
const json = (value: unknown) => JSON.stringify(value);

describe(compileWhere.name, () => {
  it.each<[string, string, unknown[]]>([
    // columns: B-tree friendly
    ['key = "berlin"', `"key" = $2`, ['berlin']],
    ['id = "abc"', `"id" = $2`, ['abc']],
    ['id > "abc"', `"id" > $2`, ['abc']],
    ['version = 3', `"version" = $2::bigint`, ['3']],
    ['version >= 2.5', `"version" >= $2::numeric`, ['2.5']],
    [
      'createdAt > "2021-06-01T00:00:00.000Z"',
      `"created_at" > $2::timestamptz`,
      ['2021-06-01T00:00:00.000Z'],
    ],
    ['lastModifiedAt <= "2021-06-01"', `"last_modified_at" <= $2::timestamptz`, ['2021-06-01T00:00:00.000Z']],
    [
      'createdAt < "2021-06-01T02:00:00+02:00"',
      `"created_at" < $2::timestamptz`,
      ['2021-06-01T00:00:00.000Z'],
    ],
    ['key in ("a", "b")', `"key" = ANY($2::text[])`, [['a', 'b']]],
    ['version in (1, 2)', `"version" = ANY($2::bigint[])`, [['1', '2']]],
    ['version in (1, 2.5)', `"version" = ANY($2::numeric[])`, [['1', '2.5']]],
    ['key in :keys', `"key" = ANY($2::text[])`, [['a', 'b']]],
    ['key = :one', `"key" = $2`, ['x']],
    ['version = :n', `"version" = $2::bigint`, ['5']],
    ['key is defined', `"key" IS NOT NULL`, []],
    ['key matches ignore case "BERLIN"', `lower("key") = lower($2::text)`, ['BERLIN']],
    // negations: a missing field is "not equal"
    ['key != "x"', `("key" = $2) IS NOT TRUE`, ['x']],
    ['key <> "x"', `("key" = $2) IS NOT TRUE`, ['x']],
    ['key not in ("a")', `("key" = ANY($2::text[])) IS NOT TRUE`, [['a']]],
    ['key is not defined', `("key" IS NOT NULL) IS NOT TRUE`, []],
    ['not (key = "x")', `("key" = $2) IS NOT TRUE`, ['x']],
    // equality on the document: containment
    ['name(en = "Berlin")', `doc @> $2::jsonb`, [json({ name: { en: 'Berlin' } })]],
    // `in` on the document: one SQL/JSON path match, served by the GIN index
    [
      'name(en in ("Berlin", "a\\"b"))',
      `doc @@ $2::jsonpath`,
      ['strict $."name"."en" == "Berlin" || $."name"."en" == "a\\"b"'],
    ],
    ['rating in (1, 2.5)', `doc @@ $2::jsonpath`, ['strict $."rating" == 1 || $."rating" == 2.5']],
    ['rating = 4.50', `doc @> $2::jsonb`, ['{"rating":4.50}']],
    ['active = true', `doc @> $2::jsonb`, [json({ active: true })]],
    ['active = :yes', `doc @> $2::jsonb`, [json({ active: true })]],
    ['openingDate = "2020-01-31"', `doc @> $2::jsonb`, [json({ openingDate: '2020-01-31' })]],
    ['address(country = "DE")', `doc @> $2::jsonb`, [json({ address: { country: 'DE' } })]],
    ['languages = "en"', `doc @> $2::jsonb`, [json({ languages: ['en'] })]],
    ['languages contains all ("en", "de")', `doc @> $2::jsonb`, [json({ languages: ['en', 'de'] })]],
    ['languages contains all :keys', `doc @> $2::jsonb`, [json({ languages: ['a', 'b'] })]],
    ['countries(code = "DE")', `doc @> $2::jsonb`, [json({ countries: [{ code: 'DE' }] })]],
    [
      'countries(code = "DE" and region = "EU")',
      `doc @> $2::jsonb`,
      [json({ countries: [{ code: 'DE', region: 'EU' }] })],
    ],
    ['distributionChannels(id = "c1")', `doc @> $2::jsonb`, [json({ distributionChannels: [{ id: 'c1' }] })]],
    [
      'distributionChannels(typeId = "channel" and id = "c1")',
      `doc @> $2::jsonb`,
      [json({ distributionChannels: [{ typeId: 'channel', id: 'c1' }] })],
    ],
    ['custom(type(id = "t1"))', `doc @> $2::jsonb`, [json({ custom: { type: { id: 't1' } } })]],
    ['custom(fields(color = "red"))', `doc @> $2::jsonb`, [json({ custom: { fields: { color: 'red' } } })]],
    ['custom(fields(size = 5))', `doc @> $2::jsonb`, ['{"custom":{"fields":{"size":5}}}']],
    ['custom(fields(flag = false))', `doc @> $2::jsonb`, [json({ custom: { fields: { flag: false } } })]],
    [
      'custom(fields(label(de = "x")))',
      `doc @> $2::jsonb`,
      [json({ custom: { fields: { label: { de: 'x' } } } })],
    ],
    [
      'custom(fields(tags contains all ("a", "b")))',
      `doc @> $2::jsonb`,
      [json({ custom: { fields: { tags: ['a', 'b'] } } })],
    ],
    [
      'productSelections(active = true and productSelection(id = "p"))',
      `doc @> $2::jsonb`,
      [json({ productSelections: [{ active: true, productSelection: { id: 'p' } }] })],
    ],
    ['createdBy(clientId = "c")', `doc @> $2::jsonb`, [json({ createdBy: { clientId: 'c' } })]],
    ['custom(fields(__proto__ = "x"))', `doc @> $2::jsonb`, ['{"custom":{"fields":{"__proto__":"x"}}}']],
    // conjunctions merge into one containment; other operands stay beside it
    [
      'name(en = "a") and languages = "en" and key = "k"',
      `(doc @> $2::jsonb AND "key" = $3)`,
      [json({ name: { en: 'a' }, languages: ['en'] }), 'k'],
    ],
    ['rating = 1 and key = "k" and rating = 1', `(doc @> $2::jsonb AND "key" = $3)`, ['{"rating":1}', 'k']],
    [
      'countries(code = "DE") and countries(code = "AT")',
      `(doc @> $2::jsonb)`,
      [json({ countries: [{ code: 'DE' }, { code: 'AT' }] })],
    ],
    [
      'rating = 1 and rating = 2',
      `(doc @> $2::jsonb AND doc @> $3::jsonb)`,
      ['{"rating":1}', '{"rating":2}'],
    ],
    [
      'name(en = "a") or name(de = "b")',
      `(doc @> $2::jsonb OR doc @> $3::jsonb)`,
      [json({ name: { en: 'a' } }), json({ name: { de: 'b' } })],
    ],
    [
      'languages in ("en", "de")',
      `(doc @> $2::jsonb OR doc @> $3::jsonb)`,
      [json({ languages: ['en'] }), json({ languages: ['de'] })],
    ],
    [
      'languages contains any ("en", "de")',
      `(doc @> $2::jsonb OR doc @> $3::jsonb)`,
      [json({ languages: ['en'] }), json({ languages: ['de'] })],
    ],
    ['name(en != "a")', `(doc @> $2::jsonb) IS NOT TRUE`, [json({ name: { en: 'a' } })]],
    // ranges and typed comparisons on the document
    ['rating > 4', `(doc->>'rating')::numeric > $2::bigint`, ['4']],
    ['rating <= -1.25', `(doc->>'rating')::numeric <= $2::numeric`, ['-1.25']],
    ['address(city >= "B")', `(doc->'address'->>'city') >= $2::text`, ['B']],
    ['name(en < "M")', `(doc->'name'->>$2::text) < $3::text`, ['en', 'M']],
    [
      'name(en < "a" or en > "b")',
      `((doc->'name'->>$2::text) < $3::text OR (doc->'name'->>$2::text) > $4::text)`,
      ['en', 'a', 'b'],
    ],
    [
      'openedAt = "2021-06-01T10:00:00Z"',
      `(doc->>'openedAt')::timestamptz = $2::timestamptz`,
      ['2021-06-01T10:00:00.000Z'],
    ],
    ['openedAt > :when', `(doc->>'openedAt')::timestamptz > $2::timestamptz`, ['2021-06-01T00:00:00.000Z']],
    ['openingDate < "2020-02-29"', `(doc->>'openingDate')::date < $2::date`, ['2020-02-29']],
    ['opensAt >= "08:30"', `(doc->>'opensAt')::time >= $2::time`, ['08:30']],
    [
      'custom(fields(size > 5))',
      `(CASE WHEN jsonb_typeof(doc->'custom'->'fields'->$2::text) = 'number' THEN (doc->'custom'->'fields'->$2::text #>> '{}')::numeric END) > $3::bigint`,
      ['size', '5'],
    ],
    [
      'custom(fields(color < "m"))',
      `(CASE WHEN jsonb_typeof(doc->'custom'->'fields'->$2::text) = 'string' THEN doc->'custom'->'fields'->$2::text #>> '{}' END) < $3::text`,
      ['color', 'm'],
    ],
    [
      'scores > 3',
      `EXISTS (SELECT 1 FROM ${elements("doc->'scores'")} WHERE (e1.value #>> '{}')::numeric > $2::bigint)`,
      ['3'],
    ],
    [
      'languages matches ignore case "EN"',
      `EXISTS (SELECT 1 FROM ${elements("doc->'languages'")} WHERE lower((e1.value #>> '{}')) = lower($2::text))`,
      ['EN'],
    ],
    ['name(en matches ignore case "X")', `lower((doc->'name'->>$2::text)) = lower($3::text)`, ['en', 'X']],
    [
      'custom(fields(c matches ignore case "X"))',
      `lower(CASE WHEN jsonb_typeof(doc->'custom'->'fields'->$2::text) = 'string' THEN doc->'custom'->'fields'->$2::text #>> '{}' END) = lower($3::text)`,
      ['c', 'X'],
    ],
    // array elements that must satisfy a whole inner predicate
    [
      'countries(code = "DE" and region > "A")',
      `EXISTS (SELECT 1 FROM ${elements("doc->'countries'")} WHERE (e1.value @> $2::jsonb AND (e1.value->>'region') > $3::text))`,
      [json({ code: 'DE' }), 'A'],
    ],
    [
      'countries(code = "DE" or code = "AT")',
      `EXISTS (SELECT 1 FROM ${elements("doc->'countries'")} WHERE (e1.value @> $2::jsonb OR e1.value @> $3::jsonb))`,
      [json({ code: 'DE' }), json({ code: 'AT' })],
    ],
    [
      'countries(not (code = "DE"))',
      `EXISTS (SELECT 1 FROM ${elements("doc->'countries'")} WHERE (e1.value @> $2::jsonb) IS NOT TRUE)`,
      [json({ code: 'DE' })],
    ],
    // existence and emptiness
    ['name is defined', `jsonb_typeof(doc->'name') <> 'null'`, []],
    [
      'custom(fields(x is not defined))',
      `(jsonb_typeof(doc->'custom'->'fields'->$2::text) <> 'null') IS NOT TRUE`,
      ['x'],
    ],
    ['languages is empty', `coalesce(doc->'languages', 'null'::jsonb) IN ('null'::jsonb, '[]'::jsonb)`, []],
    [
      'languages is not empty',
      `(coalesce(doc->'languages', 'null'::jsonb) IN ('null'::jsonb, '[]'::jsonb)) IS NOT TRUE`,
      [],
    ],
    [
      'custom(fields(tags is empty))',
      `coalesce(doc->'custom'->'fields'->$2::text, 'null'::jsonb) IN ('null'::jsonb, '[]'::jsonb)`,
      ['tags'],
    ],
  ])('compiles %s', (where, sql, values) => {
    expect(compile(where)).toEqual([sql, values]);
  });

  it('compiles within circle to a haversine distance', () => {
    const [sql, values] = compile('geoLocation within circle(13.4, :lat, 1000)');
    expect(values).toEqual(['13.4', '52.5', '1000']);
    expect(sql).toContain(`jsonb_typeof(doc->'geoLocation'->'coordinates'->0) = 'number'`);
    expect(sql).toContain('2 * 6371008.8 * asin(least(1, sqrt(');
    expect(sql).toMatch(/<= \$4::float8\)$/);
  });

  it('ANDs several where parameters and numbers placeholders after the offset', () => {
    expect(compile(['key = "a"', 'version > 1 or version < 0'], 3)).toEqual([
      `("key" = $4) AND (("version" > $5::bigint OR "version" < $6::bigint))`,
      ['a', '1', '0'],
    ]);
  });

  it('answers TRUE without predicates', () => {
    expect(compile([])).toEqual(['TRUE', []]);
  });

  it('gives nested array scopes their own aliases', () => {
    const [sql] = compile('countries(region > "a") and productSelections(active = true or active = false)');
    expect(sql).toContain('AS e1(value)');
    expect(sql).toContain('AS e2(value)');
  });

  it('compiles the same predicate structurally when containment is off', () => {
    const params = new SqlParams();
    const sql = compileWhereWith(['name(en = "a") and languages = "en"'], {}, storeSchema, params, {
      containment: false,
    });
    expect(sql).toBe(
      `(doc->'name'->$1::text = $2::jsonb AND EXISTS (SELECT 1 FROM ${elements("doc->'languages'")} WHERE e1.value = $3::jsonb))`,
    );
    expect(params.values).toEqual(['en', '"a"', '"en"']);
  });
});

describe('columns inside an object field of the resource', () => {
  const schema = {
    resource: {
      type: 'object' as const,
      fields: { typeId: { type: 'string' as const }, id: { type: 'string' as const, column: 'resource_id' } },
    },
    items: {
      type: 'array' as const,
      of: { type: 'object' as const, fields: { id: { type: 'string' as const, column: 'resource_id' } } },
    },
  };
  const sql = (where: string) => {
    const params = new SqlParams(1);
    return [compileWhere([where], {}, schema, params), params.values];
  };

  it('compares a field with a column on the column (B-tree), the others on the document', () => {
    expect(sql('resource(id = "r1")')).toEqual([`"resource_id" = $2`, ['r1']]);
    const [both, values] = sql('resource(typeId = "store" and id = "r1")');
    expect(both).toContain(`"resource_id" = `);
    expect(values).toEqual(expect.arrayContaining(['r1']));
  });

  it('never uses the root’s columns for the elements of an array', () => {
    const [text] = sql('items(id = "r1")');
    expect(text).not.toContain('resource_id');
  });
});

describe(compileWhereForPlan.name, () => {
  const plan = (where: string[]) => compileWhereForPlan(where, vars, storeSchema, new SqlParams(1));

  it.each<[string[], boolean]>([
    [[], true],
    [['key in ("a", "b")'], true],
    [['key = "a"', 'version != 2'], true],
    [['key in :keys or (id = "x" and not (key is defined))'], true],
    [['createdAt > "2021-06-01"'], false],
    [['key = "a"', 'name(en = "Berlin")'], false],
    [['key matches ignore case "a"'], false],
  ])('tells whether one plan fits all values of %j: %s', (where, same) => {
    expect(plan(where).samePlanForAllValues).toBe(same);
  });

  it('compiles as compileWhere does', () => {
    const params = new SqlParams(1);
    expect(plan(['key in ("a", "b")']).sql).toBe(
      compileWhere(['key in ("a", "b")'], vars, storeSchema, params),
    );
  });
});
