import type { Queryable } from '@commerce/persistence';
import { parseQueryParams } from '@commerce/query';
import type { DataSource } from 'typeorm';
import { PRODUCT_SEARCH_GIN_PENDING_LIST_KB } from '../src/database/migrations/1765500000000-catalog-search-gin-pending-list.js';
import { projectionTable } from '../src/product-projections/projections.table.js';
import { catalogDatabase } from './catalog-database.js';

let db: DataSource;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await catalogDatabase());
}, 60_000);

afterAll(() => close());

const PRODUCTS = 4_000;

/** Projection rows written in bulk in SQL (an import, the bench's copy): current and staged, two variants each. */
async function bulkInsert(projectKey: string): Promise<void> {
  await db.query(
    `INSERT INTO "catalog"."product_search"
       (project_key, id, staged, key, version, created_at, last_modified_at, doc, variants, search)
     SELECT $1, md5(i::text)::uuid::text, st, 'p-' || i, 1, now(), now(),
            jsonb_build_object(
              'id', md5(i::text)::uuid::text, 'key', 'p-' || i, 'version', 1,
              'name', jsonb_build_object('en', 'cotton shirt ' || i),
              'slug', jsonb_build_object('en', 'slug-' || i),
              'masterVariant', jsonb_build_object('id', 1, 'sku', 'sku-' || i || '-1',
                'attributes', jsonb_build_array(jsonb_build_object('name', 'color', 'value', 'c' || (i % 8))),
                'prices', jsonb_build_array(jsonb_build_object('id', md5('p' || i),
                  'value', jsonb_build_object('currencyCode', 'EUR', 'centAmount', 1000 + i % 9000)))),
              'variants', jsonb_build_array(jsonb_build_object('id', 2, 'sku', 'sku-' || i || '-2'))),
            '[]'::jsonb, to_tsvector('simple', 'en|cotton en|shirt')
     FROM generate_series(1, ${PRODUCTS}) i, (VALUES (true), (false)) s(st)`,
    [projectKey],
  );
  await db.query('ANALYZE "catalog"."product_search"');
}

describe('the product_search GIN indexes after a bulk write', () => {
  it('keep a small pending list, so a selective `where` reads its matches from the index', async () => {
    const indexes = await db.query<Array<{ name: string; options: string[] | null }>>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
       WHERE i.indrelid = '"catalog"."product_search"'::regclass AND a.amname = 'gin' ORDER BY 1`,
    );
    expect(indexes.map((index) => index.name)).toEqual([
      'product_search_scoped_doc_idx',
      'product_search_scoped_text_idx',
    ]);
    for (const index of indexes) {
      expect(index.options).toContain(`gin_pending_list_limit=${PRODUCT_SEARCH_GIN_PENDING_LIST_KB}`);
    }

    await bulkInsert('bulk');
    // The statement `/product-projections?where=masterVariant(sku in (...))` runs, as the platform builds it.
    let statement: { sql: string; values: unknown[] } | undefined;
    const capture: Queryable = {
      query: async <T>(sql: string, values: unknown[] = []) => {
        statement = { sql, values };
        return [] as T;
      },
    };
    const skus = Array.from({ length: 10 }, (_, j) => `"sku-${1 + j * 397}-1"`).join(', ');
    await projectionTable(false).query(
      capture,
      'bulk',
      parseQueryParams({ where: `masterVariant(sku in (${skus}))`, limit: '20' }),
    );
    expect(statement).toBeDefined();
    const [{ 'QUERY PLAN': plan }] = await db.query<Array<{ 'QUERY PLAN': unknown }>>(
      `EXPLAIN (FORMAT JSON) ${statement!.sql}`,
      statement!.values,
    );
    const indexesRead = new Set<string>();
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Index Name'] === 'string') indexesRead.add(node['Index Name']);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((plan as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
    // Not the primary key walked in id order, testing each document until 20 match.
    expect([...indexesRead]).toEqual(['product_search_scoped_doc_idx']);
    const rows = await db.query<Array<{ total: number }>>(statement!.sql, statement!.values);
    expect(rows).toHaveLength(10);
  }, 60_000);
});
