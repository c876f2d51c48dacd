import type { ProductProjection } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { lexemeOf, PRODUCT_SEARCH_TABLE } from '../projection-rows.js';
import {
  Params,
  compileFilter,
  conditionSql,
  filtersSql,
  hasVariantSql,
  type CompiledFilter,
} from './pg-search-sql.js';
import type {
  FacetRangeResult,
  FacetResult,
  FacetTermResult,
  ProductSearchIndex,
  SearchRequest,
  SearchResult,
  SearchSort,
} from './product-search-index.js';
import type { FacetExpression } from './search-expression.js';
import { jsonPathOf, searchFieldOf } from './search-fields.js';

/** How many terms a terms facet lists; the rest is counted in `other`. */
export const FACET_TERMS_LIMIT = 10;

interface HitRow {
  doc: ProductProjection;
  matching?: number[];
}

/** The tsquery of the text's words in its locale, each quoted; prefixes too when fuzzy. */
export function tsQueryOf(text: NonNullable<SearchRequest['text']>): string {
  return text.words
    .map((word) => `'${lexemeOf(text.locale, word).replace(/'/g, "''")}'${text.fuzzy ? ':*' : ''}`)
    .join(' & ');
}

/** One facet as a one-row FROM item (its rows as the jsonb array `rows`) and how its answer is read. */
interface FacetSql {
  from: string;
  read(rows: unknown): FacetResult;
}

/**
 * The columns the matched products `m` carry: the document (most of a row's width; the page reads it by key)
 * only when a sort, a facet or the matching variants read it (every read of it is `s.doc`).
 */
function matchedColumns(reads: string): string {
  return `s.project_key, s.id, s.key, s.created_at, s.last_modified_at, s.variants, s.search${
    /\bs\.doc\b/.test(reads) ? ', s.doc' : ''
  }`;
}

/**
 * Product projection search on PostgreSQL: one row per projection in `catalog.product_search`, text through
 * its tsvector (GIN), filters as SQL/JSON path conditions on the document and on each variant, facets as
 * grouped counts over the products the query and facet filters leave. One statement: the products the text
 * and `filter.query` leave are read once (`m`, materialized), and the page, the total and every facet are
 * computed from them (docs/PERFORMANCE.md, "Product Search beside Product Projection Search").
 */
export class PgProductSearchIndex implements ProductSearchIndex<ProductProjection> {
  constructor(private readonly db: Queryable) {}

  async search(request: SearchRequest): Promise<SearchResult<ProductProjection>> {
    const params = new Params();
    const projectKey = params.add(request.projectKey);
    const staged = params.add(request.staged);
    const base = this.baseSql(request, projectKey, staged, params);
    const query = request.query.map((f) => compileFilter(f, params));
    const queried = filtersSql(query);
    const results = filtersSql([...query, ...request.filter.map((f) => compileFilter(f, params))]);
    // `post`: whether `filter` keeps the product as a result too.
    const post = `(${results.product} AND ${hasVariantSql(results.variant)})`;
    const facets = request.facets.map((facet, index) =>
      this.facet(request, facet, query, `f${index}`, params),
    );
    const matching = request.markMatchingVariants
      ? `, (SELECT coalesce(jsonb_agg(v.value->'id'), '[]'::jsonb) FROM jsonb_array_elements(s.variants) v
           WHERE ${results.variant}) AS matching`
      : '';
    const order = this.orderSql(request, params);
    const matched = `SELECT ${matchedColumns([order, matching, ...facets.map((facet) => facet.from)].join(' '))}, ${post} AS post
      FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${base} AND ${queried.product} AND ${hasVariantSql(queried.variant)}`;
    const limit = params.add(request.limit);
    const offset = params.add(request.offset);
    // One row per hit, in the page's order (its ordinal: a join keeps no order by itself), or one without a hit.
    const rows = await this.db.query<
      Array<HitRow & { total: number; doc: ProductProjection | null } & Record<string, unknown>>
    >(
      `WITH m AS MATERIALIZED (${matched})
       SELECT t.total${facets.map((facet, index) => `, f${index}.agg AS f${index}`).join('')}${request.markMatchingVariants ? ', page.matching' : ''}, hit.doc
       FROM (SELECT count(*)::int AS total FROM m s WHERE s.post) t
       ${facets.map((facet) => `CROSS JOIN ${facet.from}`).join('\n       ')}
       LEFT JOIN LATERAL (
         SELECT s.id${matching}, row_number() OVER (ORDER BY ${order}) AS ord FROM m s WHERE s.post
         ORDER BY ord LIMIT ${limit} OFFSET ${offset}
       ) page ON true
       LEFT JOIN LATERAL (
         SELECT d.doc FROM ${PRODUCT_SEARCH_TABLE} d
         WHERE d.project_key = ${projectKey} AND d.staged = ${staged} AND d.id = page.id
       ) hit ON true
       ORDER BY page.ord`,
      params.values,
    );
    const [first] = rows;
    const result: SearchResult<ProductProjection> = {
      hits: rows
        .filter((row): row is typeof row & { doc: ProductProjection } => row.doc !== null)
        .map((row) => ({
          projection: row.doc,
          ...(row.matching ? { matchingVariantIds: row.matching } : {}),
        })),
      facets: {},
    };
    if (request.withTotal) result.total = first.total;
    request.facets.forEach((facet, index) => {
      result.facets[facet.alias ?? facet.name] = facets[index].read(first[`f${index}`]);
    });
    return result;
  }

  private baseSql(request: SearchRequest, projectKey: string, staged: string, params: Params): string {
    const conditions = [`s.project_key = ${projectKey}`, `s.staged = ${staged}`];
    if (request.text) conditions.push(`s.search @@ ${params.add(tsQueryOf(request.text))}::tsquery`);
    return conditions.join(' AND ');
  }

  private orderSql(request: SearchRequest, params: Params): string {
    const sorts: SearchSort[] =
      request.sort.length > 0 ? request.sort : request.text ? [{ by: 'score', direction: 'desc' }] : [];
    const parts = sorts.map((sort) => {
      const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
      switch (sort.by) {
        case 'field': {
          const column = {
            createdAt: 's.created_at',
            lastModifiedAt: 's.last_modified_at',
            id: 's.id',
            key: 's.key',
          };
          return `${column[sort.field]} ${direction}`;
        }
        case 'localized':
          return `s.doc->'${sort.field}'->>${params.add(sort.locale)} ${direction} NULLS LAST`;
        case 'score':
          return request.text
            ? `ts_rank(s.search, ${params.add(tsQueryOf(request.text))}::tsquery) ${direction}`
            : 's.created_at DESC';
        case 'price': {
          const currency = request.priceCurrency
            ? ` ? (@.currencyCode == ${JSON.stringify(request.priceCurrency)})`
            : '';
          const aggregate = sort.direction === 'asc' ? 'min' : 'max';
          return `(SELECT ${aggregate}((p #>> '{}')::numeric) FROM jsonb_array_elements(s.variants) v,
            jsonb_path_query(v.value, ${params.add(`$.price[*]${currency}.centAmount`)}::jsonpath) p) ${direction} NULLS LAST`;
        }
      }
    });
    return [...parts, 's.created_at ASC', 's.id ASC'].join(', ');
  }

  /**
   * One facet over the products `filter.query` and `filter.facets` leave (not `filter`): the matched
   * products `m` (text and `filter.query`) that `filter.facets` keeps, with `filter.query`'s variant filters
   * and `filter.facets`' on the same variant.
   */
  private facet(
    request: SearchRequest,
    facet: FacetExpression,
    query: CompiledFilter[],
    alias: string,
    params: Params,
  ): FacetSql {
    const filters = filtersSql([...query, ...request.facetFilter.map((f) => compileFilter(f, params))]);
    const field = searchFieldOf(facet.path);
    // The items counted: the matched products, or the matching variants of the matched products.
    const items =
      field.level === 'product'
        ? `SELECT s.id, s.doc AS item FROM m s WHERE ${filters.product} AND ${hasVariantSql(filters.variant)}`
        : `SELECT s.id, v.value AS item FROM m s, jsonb_array_elements(s.variants) v
           WHERE ${filters.product} AND ${filters.variant}`;
    const products = facet.countingProducts;
    const rowsOf = (sql: string) =>
      `(SELECT coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) AS agg FROM (${sql}) r) ${alias}`;
    if (!facet.condition) {
      const terms = this.termsFacetSql(items, jsonPathOf(field), params, products);
      return { from: rowsOf(terms.sql), read: terms.read };
    }
    if (facet.condition.kind === 'ranges') {
      const ranges = this.rangeFacetSql(items, facet, params);
      return { from: rowsOf(ranges.sql), read: ranges.read };
    }
    const condition = conditionSql(field, facet.condition, 'i.item', params);
    return {
      from: rowsOf(
        `SELECT count(*)::int AS count, count(DISTINCT i.id)::int AS products FROM (${items}) i WHERE ${condition}`,
      ),
      read: (rows) => {
        const [row] = rows as Array<{ count: number; products: number }>;
        return { type: 'filter', count: row.count, ...(products ? { productCount: row.products } : {}) };
      },
    };
  }

  private termsFacetSql(
    items: string,
    path: string,
    params: Params,
    products: boolean,
  ): { sql: string; read: (rows: unknown) => FacetTermResult } {
    const p = params.add(path);
    // Distinct products only when asked (`counting products`): it makes the grouping sort by product too.
    const sql = `WITH i AS (${items}),
         t AS (SELECT i.id, x AS term FROM i, jsonb_path_query(i.item, ${p}::jsonpath) x
               WHERE jsonb_typeof(x) IN ('string', 'number', 'boolean'))
       SELECT term #>> '{}' AS term, jsonb_typeof(term) AS type, count(*)::int AS count,
              ${products ? 'count(DISTINCT id)::int' : '0'} AS products
       FROM t GROUP BY 1, 2
       UNION ALL
       SELECT NULL, NULL, count(*)::int, 0 FROM i WHERE NOT jsonb_path_exists(i.item, ${p}::jsonpath)`;
    const read = (rows: unknown): FacetTermResult => {
      const all = rows as Array<{
        term: string | null;
        type: string | null;
        count: number;
        products: number;
      }>;
      const missing = all.find((row) => row.type === null)?.count ?? 0;
      const terms = all
        .filter((row) => row.type !== null)
        .sort((a, b) => b.count - a.count || String(a.term).localeCompare(String(b.term)));
      const total = terms.reduce((sum, row) => sum + row.count, 0);
      const listed = terms.slice(0, FACET_TERMS_LIMIT);
      const type = terms[0]?.type;
      return {
        type: 'terms',
        dataType: type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'text',
        missing,
        total,
        other: total - listed.reduce((sum, row) => sum + row.count, 0),
        terms: listed.map((row) => ({
          term: row.term,
          count: row.count,
          ...(products ? { productCount: row.products } : {}),
        })),
      };
    };
    return { sql, read };
  }

  private rangeFacetSql(
    items: string,
    facet: FacetExpression,
    params: Params,
  ): { sql: string; read: (rows: unknown) => FacetRangeResult } {
    const ranges = facet.condition?.kind === 'ranges' ? facet.condition.ranges : [];
    const bound = (value: unknown): number | null => {
      if (value === null) return null;
      if (typeof value !== 'number') throw Errors.invalidInput('A range facet takes numbers as bounds.');
      return value;
    };
    const from = params.add(ranges.map((r) => bound(r.from)));
    const to = params.add(ranges.map((r) => bound(r.to)));
    const path = params.add(jsonPathOf(searchFieldOf(facet.path)));
    const sql = `WITH n AS MATERIALIZED (SELECT i.id, (x #>> '{}')::numeric AS n FROM (${items}) i, jsonb_path_query(i.item, ${path}::jsonpath) x
                  WHERE jsonb_typeof(x) = 'number')
       SELECT r.i, count(n.n)::int AS count, count(DISTINCT n.id)::int AS products,
              min(n.n) AS min, max(n.n) AS max, sum(n.n) AS total
       FROM unnest(${from}::numeric[], ${to}::numeric[]) WITH ORDINALITY AS r(f, t, i)
       LEFT JOIN n ON (r.f IS NULL OR n.n >= r.f) AND (r.t IS NULL OR n.n < r.t)
       GROUP BY r.i`;
    const read = (rows: unknown): FacetRangeResult => {
      const byRange = (
        rows as Array<{
          i: number;
          count: number;
          products: number;
          min: number | null;
          max: number | null;
          total: number | null;
        }>
      ).sort((a, b) => a.i - b.i);
      return {
        type: 'range',
        ranges: byRange.map((row, index) => {
          const { from: f, to: t } = ranges[index];
          const total = Number(row.total ?? 0);
          return {
            from: typeof f === 'number' ? f : 0,
            fromStr: f === null ? '' : String(f),
            to: typeof t === 'number' ? t : 0,
            toStr: t === null ? '' : String(t),
            count: row.count,
            ...(facet.countingProducts ? { productCount: row.products } : {}),
            total,
            min: Number(row.min ?? 0),
            max: Number(row.max ?? 0),
            mean: row.count > 0 ? total / row.count : 0,
          };
        }),
      };
    };
    return { sql, read };
  }
}
