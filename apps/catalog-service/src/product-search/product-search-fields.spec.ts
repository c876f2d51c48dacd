import { SqlParams, parseSearchQuery } from '@commerce/query';
import { resolveProductSearchField } from './product-search-fields.js';
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
    ['variants.availability.isOnStock', {}, 'keeps no inventory'],
    ['stores', {}, 'cannot be searched on this platform'],
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
