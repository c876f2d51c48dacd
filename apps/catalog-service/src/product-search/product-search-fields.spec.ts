import { SqlParams, parseSearchQuery } from '@commerce/query';
import { resolveProductSearchField, storesNamed, storesTargetSql } from './product-search-fields.js';
import { productMatchSql, wordIndexSql } from './pg-product-search.js';

const resolve = (field: string, options: { language?: string; fieldType?: string } = {}) =>
  resolveProductSearchField(field, { ...options, at: 'query.exact.field' });
const parse = (query: unknown) => parseSearchQuery(query, 'query', resolveProductSearchField);

describe('Product Search fields', () => {
  it.each([
    ['variants.sku', {}, { level: 'variant', path: '$."sku"', type: 'text' }],
    ['name', { language: 'en-US' }, { level: 'product', path: '$."name"."en-US"', indexedLocale: 'en-US' }],
    [
      'variants.attributes.size',
      { fieldType: 'set_enum' },
      { path: '$.attributes."size"."key"', type: 'text' },
    ],
    [
      'variants.attributes.size.label',
      { fieldType: 'lenum', language: 'de' },
      { path: '$.attributes."size".label."de"' },
    ],
    [
      'variants.attributes.price',
      { fieldType: 'money' },
      { path: '$.attributes."price"."centAmount"', type: 'number' },
    ],
    ['variants.prices.channel', {}, { level: 'price', path: '$.channel.id' }],
    ['createdAt', {}, { type: 'datetime' }],
  ])('%s %j resolves', (field, options, expected) => {
    expect(resolve(field, options)).toMatchObject(expected);
  });

  it.each([
    ['nope', {}, "'nope' is not a searchable Product field"],
    ['name', {}, "needs a 'language'"],
    ['name', { language: 'not a language' }, 'is not a language'],
    ['variants.attributes.color', {}, "needs its 'fieldType'"],
    ['variants.attributes.color', { fieldType: 'colour' }, 'is not a field type'],
    ['variants.attributes.a"b', { fieldType: 'text' }, 'names no attribute'],
    ['variants.attributes.size.label', { fieldType: 'number' }, 'is no field of a number attribute'],
    ['variants.availability.isOnStock', {}, 'holds no inventory availability'],
    ['stores', {}, "'stores' is searched with 'exact' only"],
    ['reviewRatingStatistics.averageRating', {}, 'cannot be searched on this platform'],
    ['variants.prices.constructor', {}, 'is not a searchable Product field'],
    ['variants.prices.valueOf', {}, 'is not a searchable Product field'],
    ['constructor', {}, 'is not a searchable Product field'],
    ['toString', {}, 'is not a searchable Product field'],
    ['variants.attributes.color', { fieldType: 'valueOf' }, 'is not a field type'],
    ['variants.attributes.color', { fieldType: 'set_constructor' }, 'is not a field type'],
  ])('%s %j is refused naming where', (field, options, message) => {
    expect(() => resolve(field, options)).toThrow(message);
    expect(() => resolve(field, options)).toThrow("at 'query.exact.field'");
  });
});

describe(wordIndexSql.name, () => {
  it('narrows by the word index for fullText on indexed fields with every word required', () => {
    const params = new SqlParams();
    const query = parse({
      and: [
        { fullText: { field: 'name', language: 'EN', value: 'Cotton shirt' } },
        { fullTextPrefix: { field: 'description', language: 'en', value: 'soft wo' } },
        { fullText: { field: 'name', language: 'en', value: 'a b', mustMatch: 'any' } },
        { fullText: { field: 'slug', language: 'en', value: 'x' } },
      ],
    });
    expect(wordIndexSql(query, params)).toEqual(['s.search @@ $1::tsquery', 's.search @@ $2::tsquery']);
    expect(params.values).toEqual(["'en|cotton' & 'en|shirt'", "'en|soft' & 'en|wo':*"]);
  });

  it('tests product-level parts on the row and the variant-level ones on one variant', () => {
    const sql = productMatchSql(
      parse({
        and: [
          { exact: { field: 'key', value: 'k' } },
          { exact: { field: 'variants.sku', value: 's' } },
          { range: { field: 'variants.prices.centAmount', gte: 1 } },
        ],
      }),
      new SqlParams(),
    );
    expect(sql).toMatch(/^\(EXISTS \(SELECT 1 FROM jsonb_path_query\(s\.doc/);
    expect(sql).toContain('EXISTS (SELECT 1 FROM jsonb_array_elements(s.variants) v LEFT JOIN LATERAL');
  });
});

describe(storesTargetSql.name, () => {
  it("gives each product the ids of the named Stores that offer it, by the Stores' selections", () => {
    const sql = storesTargetSql([
      { id: 'all-1', scope: { kind: 'all' } },
      { id: 'none-1', scope: { kind: 'none' } },
      { id: 'sel-1', scope: { kind: 'selections', individual: ['a'], exclusion: ['b'] } },
    ]);
    expect(sql).toContain("('all-1', TRUE)");
    expect(sql).toContain("('none-1', FALSE)");
    expect(sql).toMatch(
      /\('sel-1', EXISTS \(.*a\.selection_id IN \('a'\).* AND NOT EXISTS \(.*IN \('b'\).*variant_exclusion IS NULL\)\)/s,
    );
    expect(storesTargetSql([])).toBe("'[]'::jsonb");
  });

  it('never writes an id that is not one the platform generates', () => {
    expect(() => storesTargetSql([{ id: "x'; DROP TABLE y; --", scope: { kind: 'all' } }])).toThrow();
    expect(() =>
      storesTargetSql([{ id: 's', scope: { kind: 'selections', individual: ["a'"], exclusion: [] } }]),
    ).toThrow();
  });
});

describe(storesNamed.name, () => {
  it('collects the Store ids of exact expressions on stores, anywhere in the request', () => {
    expect(
      storesNamed({ query: { exact: { field: 'name', language: 'en', value: 'x' } } }, ''),
    ).toBeUndefined();
    expect(
      storesNamed(
        {
          query: {
            and: [
              { exact: { field: 'stores', value: 'a' } },
              { not: [{ exact: { field: 'stores', values: ['b', 'c'] } }] },
            ],
          },
          postFilter: { exact: { field: 'stores', value: 'd' } },
        },
        '',
      ),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each([
    [{ query: { exists: { field: 'stores' } } }, 'query.exists.field'],
    [{ facets: [{ distinct: { name: 'x', field: 'stores' } }] }, 'facets[0].distinct.field'],
    [{ sort: [{ field: 'stores', order: 'asc' }] }, 'sort[0].field'],
    [{ query: { prefix: { field: 'stores', value: 'a' } } }, 'query.prefix.field'],
  ])('refuses %j naming where', (body, at) => {
    expect(() => storesNamed(body, '')).toThrow(`at '${at}'`);
  });
});
