import type { ProductProjection } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { lexemeOf, PRODUCT_SEARCH_TABLE } from '../projection-rows.js';
import { Params, compileFilter, conditionSql, filtersSql, hasVariantSql } from './pg-search-sql.js';
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

/**
 * Product projection search on PostgreSQL: one row per projection in `catalog.product_search`, text through
 * its tsvector (GIN), filters as SQL/JSON path conditions on the document and on each variant, facets as
 * grouped counts over the products the query and facet filters leave.
 */
export class PgProductSearchIndex implements ProductSearchIndex<ProductProjection> {
  constructor(private readonly db: Queryable) {}

  async search(request: SearchRequest): Promise<SearchResult<ProductProjection>> {
    const params = new Params();
    const base = this.baseSql(request, params);
    const query = request.query.map((f) => compileFilter(f, params));
    const results = filtersSql([...query, ...request.filter.map((f) => compileFilter(f, params))]);
    const where = `${base} AND ${results.product} AND ${hasVariantSql(results.variant)}`;
    const whereValues = params.values.length;
    const matching = request.markMatchingVariants
      ? `, (SELECT coalesce(jsonb_agg(v.value->'id'), '[]'::jsonb) FROM jsonb_array_elements(s.variants) v
           WHERE ${results.variant}) AS matching`
      : '';
    const order = this.orderSql(request, params);
    const limit = params.add(request.limit);
    const offset = params.add(request.offset);
    const rows = await this.db.query<HitRow[]>(
      `SELECT s.doc${matching} FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${where}
       ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    );
    const result: SearchResult<ProductProjection> = {
      hits: rows.map((row) => ({
        projection: row.doc,
        ...(row.matching ? { matchingVariantIds: row.matching } : {}),
      })),
      facets: {},
    };
    if (request.withTotal) {
      const counted = await this.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${where}`,
        params.values.slice(0, whereValues),
      );
      result.total = counted[0].n;
    }
    for (const facet of request.facets) {
      result.facets[facet.alias ?? facet.name] = await this.facet(request, facet);
    }
    return result;
  }

  private baseSql(request: SearchRequest, params: Params): string {
    const conditions = [
      `s.project_key = ${params.add(request.projectKey)}`,
      `s.staged = ${params.add(request.staged)}`,
    ];
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

  /** One facet over the products `filter.query` and `filter.facets` leave (not `filter`). */
  private async facet(request: SearchRequest, facet: FacetExpression): Promise<FacetResult> {
    const params = new Params();
    const base = this.baseSql(request, params);
    const filters = filtersSql(
      [...request.query, ...request.facetFilter].map((f) => compileFilter(f, params)),
    );
    const field = searchFieldOf(facet.path);
    // The items counted: the matched products, or the matching variants of the matched products.
    const items =
      field.level === 'product'
        ? `SELECT s.id, s.doc AS item FROM ${PRODUCT_SEARCH_TABLE} s
           WHERE ${base} AND ${filters.product} AND ${hasVariantSql(filters.variant)}`
        : `SELECT s.id, v.value AS item FROM ${PRODUCT_SEARCH_TABLE} s, jsonb_array_elements(s.variants) v
           WHERE ${base} AND ${filters.product} AND ${filters.variant}`;
    const products = facet.countingProducts;
    if (!facet.condition) return this.termsFacet(items, jsonPathOf(field), params, products);
    if (facet.condition.kind === 'ranges') return this.rangeFacet(items, facet, params);
    const condition = conditionSql(field, facet.condition, 'i.item', params);
    const [row] = await this.db.query<Array<{ count: number; products: number }>>(
      `SELECT count(*)::int AS count, count(DISTINCT i.id)::int AS products FROM (${items}) i WHERE ${condition}`,
      params.values,
    );
    return { type: 'filter', count: row.count, ...(products ? { productCount: row.products } : {}) };
  }

  private async termsFacet(
    items: string,
    path: string,
    params: Params,
    products: boolean,
  ): Promise<FacetTermResult> {
    const p = params.add(path);
    // Distinct products only when asked (`counting products`): it makes the grouping sort by product too.
    const rows = await this.db.query<
      Array<{ term: string | null; type: string | null; count: number; products: number }>
    >(
      `WITH i AS (${items}),
         t AS (SELECT i.id, x AS term FROM i, jsonb_path_query(i.item, ${p}::jsonpath) x
               WHERE jsonb_typeof(x) IN ('string', 'number', 'boolean'))
       SELECT term #>> '{}' AS term, jsonb_typeof(term) AS type, count(*)::int AS count,
              ${products ? 'count(DISTINCT id)::int' : '0'} AS products
       FROM t GROUP BY 1, 2
       UNION ALL
       SELECT NULL, NULL, count(*)::int, 0 FROM i WHERE NOT jsonb_path_exists(i.item, ${p}::jsonpath)
       ORDER BY 1 NULLS FIRST`,
      params.values,
    );
    const missing = rows.find((row) => row.type === null)?.count ?? 0;
    const terms = rows
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
  }

  private async rangeFacet(items: string, facet: FacetExpression, params: Params): Promise<FacetRangeResult> {
    const ranges = facet.condition?.kind === 'ranges' ? facet.condition.ranges : [];
    const bound = (value: unknown): number | null => {
      if (value === null) return null;
      if (typeof value !== 'number') throw Errors.invalidInput('A range facet takes numbers as bounds.');
      return value;
    };
    const from = params.add(ranges.map((r) => bound(r.from)));
    const to = params.add(ranges.map((r) => bound(r.to)));
    const path = params.add(jsonPathOf(searchFieldOf(facet.path)));
    const rows = await this.db.query<
      Array<{
        i: string;
        count: number;
        products: number;
        min: string | null;
        max: string | null;
        total: string | null;
      }>
    >(
      `WITH n AS (SELECT i.id, (x #>> '{}')::numeric AS n FROM (${items}) i, jsonb_path_query(i.item, ${path}::jsonpath) x
                  WHERE jsonb_typeof(x) = 'number')
       SELECT r.i, count(n.n)::int AS count, count(DISTINCT n.id)::int AS products,
              min(n.n) AS min, max(n.n) AS max, sum(n.n) AS total
       FROM unnest(${from}::numeric[], ${to}::numeric[]) WITH ORDINALITY AS r(f, t, i)
       LEFT JOIN n ON (r.f IS NULL OR n.n >= r.f) AND (r.t IS NULL OR n.n < r.t)
       GROUP BY r.i ORDER BY r.i`,
      params.values,
    );
    return {
      type: 'range',
      ranges: rows.map((row, index) => {
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
  }
}
