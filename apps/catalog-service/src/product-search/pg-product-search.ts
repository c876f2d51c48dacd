import type { ProductProjection } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import {
  SqlParams,
  searchConditionSql,
  searchLevels,
  simpleNodes,
  tsQueryOfWords,
  type SearchField,
  type SearchNode,
  type SearchSqlOptions,
} from '@commerce/query';
import { PRODUCT_SEARCH_TABLE, isIndexable, lexemeOf } from '../product-projections/projection-rows.js';
import type {
  ProductSearchAnswer,
  ProductSearchFacet,
  ProductSearchFacetResult,
  ProductSearchQuery,
  ProductSearchSort,
  ProductsSearchIndex,
} from './product-search-request.js';

/** The SQL function behind `fuzzy` (migration `1764600000000-catalog-search-fuzzy`). */
export const CATALOG_SEARCH_SQL: SearchSqlOptions = { fuzzyFunction: '"catalog"."search_fuzzy"' };

const VARIANTS = 'jsonb_array_elements(s.variants) v';
const PRICES = `LEFT JOIN LATERAL jsonb_array_elements(v.value->'price') p ON true`;

const CAST: Record<SearchField['type'], string> = {
  text: 'text',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  date: 'date',
  time: 'time',
};
const JSON_TYPE: Record<SearchField['type'], string> = {
  text: 'string',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  date: 'string',
  time: 'string',
};

const levelsOf = (...nodes: Array<SearchNode | undefined>) =>
  new Set(nodes.flatMap((node) => (node ? [...searchLevels(node)] : [])));

/** The FROM of rows at the deepest level needed: products, their variants, their variants' prices. */
function rowsFrom(levels: Set<string>): string {
  if (levels.has('price')) return `${PRODUCT_SEARCH_TABLE} s CROSS JOIN LATERAL ${VARIANTS} ${PRICES}`;
  if (levels.has('variant')) return `${PRODUCT_SEARCH_TABLE} s CROSS JOIN LATERAL ${VARIANTS}`;
  return `${PRODUCT_SEARCH_TABLE} s`;
}

/**
 * What the table's word index (`search`, GIN) can tell first about a tree: for each `fullText` the top-level
 * conjunction holds on an indexed field (all words, or all but a prefix), the product's words of that locale
 * must contain them. A necessary condition only: the expression itself is checked as well.
 */
export function wordIndexSql(node: SearchNode | undefined, params: SqlParams): string[] {
  if (!node) return [];
  const conjuncts = node.kind === 'and' || node.kind === 'filter' ? node.nodes : [node];
  return conjuncts.flatMap((child) => {
    if (child.kind === 'and' || child.kind === 'filter') return wordIndexSql(child, params);
    if (child.kind !== 'fullText' || child.mustMatch !== 'all' || !child.field.indexedLocale) return [];
    const locale = child.field.indexedLocale.toLowerCase();
    const words = child.words.map((word) => lexemeOf(locale, word)).filter(isIndexable);
    if (words.length === 0) return [];
    return [`s.search @@ ${params.add(tsQueryOfWords(words, false, child.prefix))}::tsquery`];
  });
}

/**
 * A tree as a condition on the product row `s`: variant and price expressions must hold on one variant. The
 * product-level parts of a top-level conjunction are tested on the row before any variant is looked at.
 */
export function productMatchSql(node: SearchNode | undefined, params: SqlParams): string {
  if (!node) return 'TRUE';
  const conjuncts = node.kind === 'and' || node.kind === 'filter' ? node.nodes : [node];
  const onProduct = conjuncts.filter(
    (child) => !levelsOf(child).has('variant') && !levelsOf(child).has('price'),
  );
  const onVariant = conjuncts.filter((child) => !onProduct.includes(child));
  const parts = [
    ...wordIndexSql(node, params),
    ...onProduct.map((child) => searchConditionSql(child, params, CATALOG_SEARCH_SQL)),
  ];
  if (onVariant.length > 0) {
    const rest = onVariant.length === 1 ? onVariant[0] : ({ kind: 'and', nodes: onVariant } as SearchNode);
    const condition = searchConditionSql(rest, params, CATALOG_SEARCH_SQL);
    parts.push(
      levelsOf(rest).has('price')
        ? `EXISTS (SELECT 1 FROM ${VARIANTS} ${PRICES} WHERE ${condition})`
        : `EXISTS (SELECT 1 FROM ${VARIANTS} WHERE ${condition})`,
    );
  }
  return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
}

/** A tree as a condition on one variant `v` of `s` (its price expressions on one of its prices). */
function variantMatchSql(node: SearchNode, params: SqlParams): string {
  const condition = searchConditionSql(node, params, CATALOG_SEARCH_SQL);
  return searchLevels(node).has('price')
    ? `EXISTS (SELECT 1 FROM (SELECT 1) one ${PRICES} WHERE ${condition})`
    : condition;
}

function and(nodes: Array<SearchNode | undefined>): SearchNode | undefined {
  const present = nodes.filter((node): node is SearchNode => node !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : { kind: 'and', nodes: present };
}

/**
 * Product Search on PostgreSQL over the current projections in `catalog.product_search`: the query and the
 * post-filter as conditions on each product row, the page, the total and each facet one statement each.
 */
export class PgProductSearch implements ProductsSearchIndex {
  constructor(private readonly db: Queryable) {}

  async search(request: ProductSearchQuery): Promise<ProductSearchAnswer> {
    const params = new SqlParams();
    const base = `s.project_key = ${params.add(request.projectKey)} AND s.staged = false`;
    const where = `${base} AND ${productMatchSql(request.query, params)} AND ${productMatchSql(request.postFilter, params)}`;
    const whereValues = params.size;
    const both = and([request.query, request.postFilter]);
    const bothLevels = levelsOf(both);
    const variantLevel = bothLevels.has('variant') || bothLevels.has('price');
    const matching =
      request.markMatchingVariants && both && variantLevel
        ? `, (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v.value->'id', 'sku', v.value->'sku')), '[]'::jsonb)
           FROM ${VARIANTS} WHERE ${variantMatchSql(both, params)}) AS matching`
        : '';
    const order = this.orderSql(request, params);
    const rows = await this.db.query<Array<{ id: string; matching?: Array<{ id: number; sku?: string }> }>>(
      `SELECT s.id${matching}
       FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${where}
       ORDER BY ${order} LIMIT ${params.add(request.limit)} OFFSET ${params.add(request.offset)}`,
      params.values,
    );
    const [counted] = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${where}`,
      params.values.slice(0, whereValues),
    );
    const facets: ProductSearchFacetResult[] = [];
    for (const facet of request.facets) facets.push(await this.facet(request, facet));
    return {
      total: counted.n,
      hits: rows.map((row) => ({
        id: row.id,
        ...(request.markMatchingVariants
          ? {
              matching: row.matching
                ? { allMatched: false, variants: row.matching.map(skuOptional) }
                : { allMatched: true, variants: [] },
            }
          : {}),
      })),
      facets,
    };
  }

  /** The projections of the given products (current or staged), by id. */
  async projections(
    projectKey: string,
    ids: string[],
    staged: boolean,
  ): Promise<Map<string, ProductProjection>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<Array<{ id: string; doc: ProductProjection }>>(
      `SELECT id, doc FROM ${PRODUCT_SEARCH_TABLE} WHERE project_key = $1 AND staged = $2 AND id = ANY($3::text[])`,
      [projectKey, staged, ids],
    );
    return new Map(rows.map((row) => [row.id, row.doc]));
  }

  private orderSql(request: ProductSearchQuery, params: SqlParams): string {
    const sorts: ProductSearchSort[] =
      request.sort.length > 0 ? request.sort : [{ by: 'score', order: 'desc' }];
    const parts = sorts.map((sort) => {
      const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
      if (sort.by === 'score') return `${this.scoreSql(request.query, params)} ${direction}`;
      const { field } = sort;
      const levels = levelsOf(sort.filter);
      levels.add(field.level);
      const from = levels.has('price') ? `${VARIANTS} ${PRICES}` : levels.has('variant') ? VARIANTS : '';
      const filter = sort.filter ? ` AND ${searchConditionSql(sort.filter, params, CATALOG_SEARCH_SQL)}` : '';
      const value = `(x #>> '{}')::${CAST[field.type]}`;
      return `(SELECT ${sort.mode}(${value}) FROM ${from ? `${from}, ` : ''}jsonb_path_query(${field.target}, ${params.addShared(field.path)}::jsonpath) x
        WHERE jsonb_typeof(x) = '${JSON_TYPE[field.type]}'${filter}) ${direction} NULLS LAST`;
    });
    return [...parts, 's.created_at ASC', 's.id ASC'].join(', ');
  }

  /** The relevance score: the boosts of the scoring expressions (outside `filter` and `not`) a product meets. */
  private scoreSql(query: SearchNode | undefined, params: SqlParams): string {
    const scoring = query ? simpleNodes(query).filter((entry) => entry.scoring) : [];
    if (scoring.length === 0) return '0';
    return `(${scoring
      .map(
        ({ node }) =>
          `(CASE WHEN ${productMatchSql(node, params)} THEN ${'boost' in node ? Number(node.boost) : 1} ELSE 0 END)`,
      )
      .join(' + ')})`;
  }

  private async facet(
    request: ProductSearchQuery,
    facet: ProductSearchFacet,
  ): Promise<ProductSearchFacetResult> {
    const params = new SqlParams();
    const scoped = facet.scope === 'all' ? undefined : request.query;
    const field = facet.kind === 'count' ? undefined : facet.field;
    const levels = levelsOf(scoped, facet.filter);
    if (field) levels.add(field.level);
    if (facet.level === 'variants') levels.add('variant');
    const rowLevel = levels.has('variant') || levels.has('price');
    const conditions = [
      `s.project_key = ${params.add(request.projectKey)}`,
      's.staged = false',
      ...[scoped, facet.filter].flatMap((node) =>
        node
          ? rowLevel
            ? [...wordIndexSql(node, params), searchConditionSql(node, params, CATALOG_SEARCH_SQL)]
            : [productMatchSql(node, params)]
          : [],
      ),
    ].join(' AND ');
    const unit = facet.level === 'variants' ? `(s.id || ':' || (v.value->>'id'))` : 's.id';
    const from = rowsFrom(levels);
    if (facet.kind === 'count') {
      const [row] = await this.db.query<Array<{ n: number }>>(
        `SELECT count(DISTINCT ${unit})::int AS n FROM ${from} WHERE ${conditions}`,
        params.values,
      );
      return { name: facet.name, value: row.n };
    }
    const path = params.addShared(facet.field.path);
    const values = `${from}, jsonb_path_query(${facet.field.target}, ${path}::jsonpath) x`;
    const typeOk = `jsonb_typeof(x) = '${JSON_TYPE[facet.field.type]}'`;
    const value = `(x #>> '{}')::${CAST[facet.field.type]}`;
    switch (facet.kind) {
      case 'distinct': {
        const rows = await this.db.query<Array<{ key: string; count: number }>>(
          `SELECT x #>> '{}' AS key, count(DISTINCT ${unit})::int AS count FROM ${values}
           WHERE ${conditions} AND ${typeOk} GROUP BY 1`,
          params.values,
        );
        let buckets = rows;
        if (facet.missing !== undefined) {
          const [missing] = await this.db.query<Array<{ n: number }>>(
            `SELECT count(DISTINCT ${unit})::int AS n FROM ${from}
             WHERE ${conditions} AND NOT coalesce(jsonb_path_exists(${facet.field.target}, ${path}::jsonpath), false)`,
            params.values,
          );
          if (missing.n > 0) buckets = [...buckets, { key: facet.missing, count: missing.n }];
        }
        if (facet.includes) {
          const included = new Set(facet.includes);
          buckets = buckets.filter((bucket) => included.has(bucket.key));
        }
        const sign = facet.sort.order === 'asc' ? 1 : -1;
        buckets.sort((a, b) =>
          facet.sort.by === 'count'
            ? sign * (a.count - b.count) || a.key.localeCompare(b.key)
            : sign * a.key.localeCompare(b.key),
        );
        return { name: facet.name, buckets: buckets.slice(0, facet.limit) };
      }
      case 'ranges': {
        const cast = CAST[facet.field.type];
        const from = params.add(facet.ranges.map((r) => (r.from === undefined ? null : String(r.from))));
        const to = params.add(facet.ranges.map((r) => (r.to === undefined ? null : String(r.to))));
        const rows = await this.db.query<Array<{ i: string; count: number }>>(
          `WITH n AS (SELECT ${unit} AS unit, ${value} AS n FROM ${values} WHERE ${conditions} AND ${typeOk})
           SELECT r.i, count(DISTINCT n.unit)::int AS count
           FROM unnest(${from}::text[], ${to}::text[]) WITH ORDINALITY AS r(f, t, i)
           LEFT JOIN n ON (r.f IS NULL OR n.n >= r.f::${cast}) AND (r.t IS NULL OR n.n < r.t::${cast})
           GROUP BY r.i ORDER BY r.i`,
          params.values,
        );
        return {
          name: facet.name,
          buckets: rows.map((row, index) => ({ key: facet.ranges[index].key, count: row.count })),
        };
      }
      case 'stats': {
        const numeric = facet.field.type === 'number';
        const [row] = await this.db.query<
          Array<{ min: unknown; max: unknown; mean: string | null; sum: string | null; count: number }>
        >(
          `SELECT min(${value}) AS min, max(${value}) AS max, ${numeric ? `avg(${value})` : 'NULL'} AS mean,
                  ${numeric ? `sum(${value})` : 'NULL'} AS sum, count(*)::int AS count
           FROM ${values} WHERE ${conditions} AND ${typeOk}`,
          params.values,
        );
        const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
        return {
          name: facet.name,
          min: numeric ? number(row.min) : statsValue(row.min),
          max: numeric ? number(row.max) : statsValue(row.max),
          ...(numeric ? { mean: number(row.mean) ?? 0, sum: number(row.sum) ?? 0 } : {}),
          count: row.count,
        };
      }
    }
  }
}

function statsValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

function skuOptional(entry: { id: number; sku?: string | null }): { id: number; sku?: string } {
  return entry.sku === undefined || entry.sku === null ? { id: entry.id } : { id: entry.id, sku: entry.sku };
}
