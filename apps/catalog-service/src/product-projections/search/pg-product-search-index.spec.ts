import type { Product, ProductVariant } from '@commerce/contracts';
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import { catalogMigrations } from '../../database/migrations/index.js';
import { writeProjections } from '../projection-rows.js';
import { PgProductSearchIndex } from './pg-product-search-index.js';
import type { SearchRequest } from './product-search-index.js';
import { textOf } from './product-search.service.js';
import { parseFacet, parseFilter } from './search-expression.js';

const variant = (id: number, color: string, cents?: number): ProductVariant => ({
  id,
  sku: `sku-${id}-${color}`,
  prices:
    cents === undefined
      ? []
      : [
          {
            id: `p${id}`,
            value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: cents, fractionDigits: 2 },
          },
        ],
  images: [],
  attributes: [
    { name: 'color', value: color },
    { name: 'sizes', value: ['s', 'm'] },
  ],
  assets: [],
});

function product(
  id: string,
  name: string,
  variants: ProductVariant[],
  options: { published?: boolean; categories?: string[] } = {},
): Product {
  const data = {
    name: { en: name },
    slug: { en: id },
    categories: (options.categories ?? []).map((c) => ({ typeId: 'category' as const, id: c })),
    masterVariant: variants[0],
    variants: variants.slice(1),
    attributes: [],
  };
  return {
    id,
    version: 1,
    key: id,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastModifiedAt: '2026-01-01T00:00:00.000Z',
    productType: { typeId: 'product-type', id: 'pt' },
    masterData: {
      published: options.published ?? true,
      current: data,
      staged: data,
      hasStagedChanges: false,
    },
  } as unknown as Product;
}

const request = (overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  projectKey: 'p1',
  staged: false,
  query: [],
  filter: [],
  facetFilter: [],
  facets: [],
  sort: [{ by: 'field', field: 'id', direction: 'asc' }],
  markMatchingVariants: false,
  limit: 20,
  offset: 0,
  withTotal: true,
  ...overrides,
});

describe(PgProductSearchIndex.name, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;
  let index: PgProductSearchIndex;
  const ids = async (overrides: Partial<SearchRequest>) =>
    (await index.search(request(overrides))).hits.map((hit) => hit.projection.id);

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = await openDatabase({
      url: embedded.url,
      schema: 'catalog',
      migrations: catalogMigrations,
      poolSize: 2,
    });
    index = new PgProductSearchIndex(db);
    await db.query(
      `INSERT INTO "catalog"."categories" (id, project_key, key, version, created_at, last_modified_at, doc)
       VALUES ('root', 'p1', 'root', 1, now(), now(), '{"ancestors": []}'),
              ('leaf', 'p1', 'leaf', 1, now(), now(), '{"ancestors": [{"typeId": "category", "id": "root"}]}')`,
    );
    await writeProjections(
      db,
      'p1',
      product('a', 'Red cotton shirt', [variant(1, 'red', 100), variant(2, 'blue', 300)], {
        categories: ['leaf'],
      }),
    );
    await writeProjections(db, 'p1', product('b', 'Blue linen trousers', [variant(1, 'blue', 200)]));
    await writeProjections(db, 'p1', product('c', 'Draft shirt', [variant(1, 'red')], { published: false }));
    await writeProjections(db, 'p2', product('x', 'Red shirt elsewhere', [variant(1, 'red', 100)]));
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await embedded.stop();
  });

  it('keeps projects apart and shows unpublished products only staged', async () => {
    expect(await ids({})).toEqual(['a', 'b']);
    expect(await ids({ staged: true })).toEqual(['a', 'b', 'c']);
    expect(await ids({ projectKey: 'p2' })).toEqual(['x']);
  });

  it('matches every word of the text, and word prefixes when fuzzy', async () => {
    expect(await ids({ text: { locale: 'en', words: ['shirt'], fuzzy: false } })).toEqual(['a']);
    expect(
      await ids({ text: { locale: 'en', words: ['red', 'shirt'], fuzzy: false }, staged: true }),
    ).toEqual(['a']);
    expect(await ids({ text: { locale: 'en', words: ['shir'], fuzzy: false } })).toEqual([]);
    expect(await ids({ text: { locale: 'en', words: ['shir'], fuzzy: true } })).toEqual(['a']);
    expect(await ids({ text: { locale: 'de', words: ['shirt'], fuzzy: false } })).toEqual([]);
  });

  it('indexes and finds a word of thousands of letters, and never a lexeme PostgreSQL refuses', async () => {
    const long = product('long', `Long ${'q'.repeat(3000)}`, [variant(1, 'red')]);
    const name = { ...long.masterData.current.name, [`en-${'x'.repeat(3000)}`]: 'lost' };
    long.masterData.current = { ...long.masterData.current, name };
    await writeProjections(db, 'p3', long);
    const search = (text: string, fuzzy = 'false') =>
      ids({ projectKey: 'p3', text: textOf({ 'text.en': text, fuzzy }) });
    expect(await search('q'.repeat(3000))).toEqual(['long']);
    // The first 256 characters: `long` and the first 251 letters of the word, a prefix of its first piece.
    expect(await search(`long ${'q'.repeat(5000)}`, 'true')).toEqual(['long']);
    expect(await search(`long ${'q'.repeat(5000)}`)).toEqual([]);
    expect(await search('z'.repeat(3000))).toEqual([]);
  });

  it.each([
    [['variants.attributes.color:"blue"'], ['a', 'b']],
    [['variants.attributes.sizes:"m"'], ['a', 'b']],
    [['variants.price.centAmount:range (150 to 250)'], ['b']],
    [['variants.price.centAmount:range (* to 100)'], ['a']],
    // Variant filters hold on one variant: no red variant costs 300.
    [['variants.attributes.color:"red"', 'variants.price.centAmount:300'], []],
    [['variants.attributes.color:"blue"', 'variants.price.centAmount:300'], ['a']],
    [['categories.id:subtree("root")'], ['a']],
    [['categories.id:"root"'], []],
    [['categories:missing'], ['b']],
    [['variants.attributes.weight:exists'], []],
    [['key:"b"'], ['b']],
  ])('filters %j to %j', async (filters, expected) => {
    expect(await ids({ filter: filters.map(parseFilter) })).toEqual(expected);
  });

  it('counts facets over filter.query and filter.facets, not filter', async () => {
    const result = await index.search(
      request({
        filter: [parseFilter('key:"b"')],
        facets: [
          parseFacet('variants.attributes.color counting products'),
          parseFacet('variants.price.centAmount:range (0 to 200), (200 to *) as prices'),
          parseFacet('variants.attributes.color:"red" as red'),
        ],
      }),
    );
    expect(result.total).toBe(1);
    expect(result.facets['variants.attributes.color']).toEqual({
      type: 'terms',
      dataType: 'text',
      missing: 0,
      total: 3,
      other: 0,
      terms: [
        { term: 'blue', count: 2, productCount: 2 },
        { term: 'red', count: 1, productCount: 1 },
      ],
    });
    expect(result.facets.prices).toMatchObject({
      type: 'range',
      ranges: [
        { from: 0, to: 200, count: 1, min: 100, max: 100, mean: 100 },
        { from: 200, fromStr: '200', to: 0, toStr: '', count: 2, min: 200, max: 300, total: 500, mean: 250 },
      ],
    });
    expect(result.facets.red).toEqual({ type: 'filter', count: 1 });

    const narrowed = await index.search(
      request({
        facetFilter: [parseFilter('variants.attributes.color:"blue"')],
        facets: [parseFacet('variants.attributes.color')],
      }),
    );
    expect(narrowed.facets['variants.attributes.color']).toMatchObject({
      total: 2,
      terms: [{ term: 'blue', count: 2 }],
    });
  });

  it('marks the variants that match the filters', async () => {
    const result = await index.search(
      request({ filter: [parseFilter('variants.attributes.color:"blue"')], markMatchingVariants: true }),
    );
    expect(result.hits.map((hit) => hit.matchingVariantIds)).toEqual([[2], [1]]);
  });

  it('sorts by price and by localized name', async () => {
    expect(await ids({ sort: [{ by: 'price', direction: 'asc' }] })).toEqual(['a', 'b']);
    expect(await ids({ sort: [{ by: 'price', direction: 'desc' }] })).toEqual(['a', 'b']);
    expect(await ids({ sort: [{ by: 'localized', field: 'name', locale: 'en', direction: 'asc' }] })).toEqual(
      ['b', 'a'],
    );
  });

  it('pages with a total', async () => {
    const result = await index.search(request({ staged: true, limit: 1, offset: 1 }));
    expect(result.hits.map((hit) => hit.projection.id)).toEqual(['b']);
    expect(result.total).toBe(3);
  });
});
