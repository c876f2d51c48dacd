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

/** The simple expressions every match of `node` meets: itself, or those of its (nested) top-level `and`. */
function conjunctsHeld(node: SearchNode): SearchNode[] {
  if (node.kind === 'and') return node.nodes.flatMap(conjunctsHeld);
  if (node.kind === 'or' || node.kind === 'not' || node.kind === 'filter') return [];
  return [node];
}

/** Whether a tree reads variants or prices. */
const onVariants = (node: SearchNode) => {
  const levels = levelsOf(node);
  return levels.has('variant') || levels.has('price');
};

/** The FROM of rows at the deepest level needed: products, their variants, their variants' prices. */
function rowsFrom(levels: Set<string>, products: string): string {
  if (levels.has('price')) return `${products} CROSS JOIN LATERAL ${VARIANTS} ${PRICES}`;
  if (levels.has('variant')) return `${products} CROSS JOIN LATERAL ${VARIANTS}`;
  return products;
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

/** The conjuncts of a tree that read variants or prices (all of it when it is no conjunction). */
function variantConjuncts(node: SearchNode | undefined): SearchNode | undefined {
  if (!node) return undefined;
  if (node.kind !== 'and' && node.kind !== 'filter') return onVariants(node) ? node : undefined;
  return and(node.nodes.filter(onVariants));
}

/**
 * The columns the matched products `m` carry: the document (most of a row's width) only when a sort, a facet
 * or the matching variants read it (every read of it is `s.doc`).
 */
function matchedColumns(reads: string): string {
  return `s.project_key, s.id, s.created_at, s.variants, s.search${/\bs\.doc\b/.test(reads) ? ', s.doc' : ''}`;
}

interface FacetSql {
  /** A FROM item of one row: the facet's figures as columns named after `alias`. */
  from: string;
  read(row: Record<string, unknown>): ProductSearchFacetResult;
}

/**
 * Product Search on PostgreSQL over the current projections in `catalog.product_search`, as one statement:
 * the products the query matches are read once (`m`, materialized, through the word index when the query has
 * a full-text conjunct), and the page, the total and every facet of scope `query` are computed from them
 * (docs/PERFORMANCE.md, "Product Search beside Product Projection Search"); a facet of scope `all` reads the
 * project's products in the same statement.
 */
export class PgProductSearch implements ProductsSearchIndex {
  constructor(private readonly db: Queryable) {}

  async search(request: ProductSearchQuery): Promise<ProductSearchAnswer> {
    const params = new SqlParams();
    const base = `s.project_key = ${params.add(request.projectKey)} AND s.staged = false`;
    const post = productMatchSql(request.postFilter, params);
    const query = productMatchSql(request.query, params);
    const byScore = request.sort.length === 0 || request.sort.some((sort) => sort.by === 'score');
    const score = byScore ? this.scoreSql(request.query, params) : '0';
    const facets = request.facets.map((facet, index) =>
      this.facetSql(request, facet, `f${index}`, base, params),
    );
    const both = and([request.query, request.postFilter]);
    const matching =
      request.markMatchingVariants && both && onVariants(both)
        ? `, (SELECT coalesce(jsonb_agg(jsonb_build_object('id', v.value->'id', 'sku', v.value->'sku')), '[]'::jsonb)
           FROM ${VARIANTS} WHERE ${variantMatchSql(both, params)}) AS matching`
        : '';
    const order = this.orderSql(request, params);
    const matched = `SELECT ${matchedColumns([order, matching, ...facets.map((facet) => facet.from)].join(' '))},
        ${post} AS post, ${score} AS score
      FROM ${PRODUCT_SEARCH_TABLE} s WHERE ${base} AND ${query}`;
    // One row per hit, in the page's order (its ordinal: a join keeps no order by itself), or one without a hit.
    const rows = await this.db.query<
      Array<
        { total: number; id: string | null; matching?: Array<{ id: number; sku?: string }> } & Record<
          string,
          unknown
        >
      >
    >(
      `WITH m AS MATERIALIZED (${matched})
       SELECT t.total${facets.map((facet, index) => `, f${index}.*`).join('')}, page.*
       FROM (SELECT count(*)::int AS total FROM m WHERE m.post) t
       ${facets.map((facet) => `CROSS JOIN ${facet.from}`).join('\n       ')}
       LEFT JOIN LATERAL (
         SELECT s.id${matching}, row_number() OVER (ORDER BY ${order}) AS ord FROM m s WHERE s.post
         ORDER BY ord LIMIT ${params.add(request.limit)} OFFSET ${params.add(request.offset)}
       ) page ON true
       ORDER BY page.ord`,
      params.values,
    );
    const first = rows[0];
    return {
      total: first.total,
      hits: rows
        .filter((row): row is typeof row & { id: string } => row.id !== null)
        .map((row) => ({
          id: row.id,
          ...(request.markMatchingVariants
            ? {
                matching: row.matching
                  ? { allMatched: false, variants: row.matching.map(skuOptional) }
                  : { allMatched: true, variants: [] },
              }
            : {}),
        })),
      facets: facets.map((facet) => facet.read(first)),
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
      if (sort.by === 'score') return `s.score ${direction}`;
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

  /**
   * The relevance score: the boosts of the scoring expressions (outside `filter` and `not`) a product meets.
   * The expressions of the query's top-level conjunction hold for every matched product (a product matches
   * when one variant meets the whole query, so that variant meets each conjunct): their boosts are a constant,
   * and only the others (under an `or`) are tested again per product.
   */
  private scoreSql(query: SearchNode | undefined, params: SqlParams): string {
    const scoring = query ? simpleNodes(query).filter((entry) => entry.scoring) : [];
    const held = new Set(query ? conjunctsHeld(query) : []);
    const boost = (node: SearchNode) => ('boost' in node ? Number(node.boost) : 1);
    const constant = scoring
      .filter(({ node }) => held.has(node))
      .reduce((sum, { node }) => sum + boost(node), 0);
    const tested = scoring
      .filter(({ node }) => !held.has(node))
      .map(({ node }) => `(CASE WHEN ${productMatchSql(node, params)} THEN ${boost(node)} ELSE 0 END)`);
    return tested.length === 0 ? String(constant) : `(${[String(constant), ...tested].join(' + ')})`;
  }

  /**
   * One facet as a one-row FROM item. Scope `query` counts over the matched products `m` (whose product-level
   * conjuncts of the query hold already; its variant-level ones choose the variants and prices that count),
   * scope `all` over the project's products.
   */
  private facetSql(
    request: ProductSearchQuery,
    facet: ProductSearchFacet,
    alias: string,
    base: string,
    params: SqlParams,
  ): FacetSql {
    const all = facet.scope === 'all';
    const field = facet.kind === 'count' ? undefined : facet.field;
    const levels = levelsOf(all ? undefined : request.query, facet.filter);
    if (field) levels.add(field.level);
    if (facet.level === 'variants') levels.add('variant');
    const rowLevel = levels.has('variant') || levels.has('price');
    const scoped = all ? undefined : rowLevel ? variantConjuncts(request.query) : undefined;
    const conditions = [
      ...(all ? [base] : []),
      ...(scoped ? [searchConditionSql(scoped, params, CATALOG_SEARCH_SQL)] : []),
      ...(facet.filter
        ? rowLevel
          ? [
              ...wordIndexSql(facet.filter, params),
              searchConditionSql(facet.filter, params, CATALOG_SEARCH_SQL),
            ]
          : [productMatchSql(facet.filter, params)]
        : []),
    ];
    const where = conditions.length > 0 ? conditions.join(' AND ') : 'TRUE';
    const unit = facet.level === 'variants' ? `(s.id || ':' || (v.value->>'id'))` : 's.id';
    const from = rowsFrom(levels, all ? `${PRODUCT_SEARCH_TABLE} s` : 'm s');
    const column = (name: string) => `${alias}_${name}`;
    if (facet.kind === 'count') {
      return {
        from: `(SELECT count(DISTINCT ${unit})::int AS ${column('n')} FROM ${from} WHERE ${where}) ${alias}`,
        read: (row) => ({ name: facet.name, value: row[column('n')] as number }),
      };
    }
    const path = params.addShared(facet.field.path);
    const values = `${from}, jsonb_path_query(${facet.field.target}, ${path}::jsonpath) x`;
    const typeOk = `jsonb_typeof(x) = '${JSON_TYPE[facet.field.type]}'`;
    const value = `(x #>> '{}')::${CAST[facet.field.type]}`;
    switch (facet.kind) {
      case 'distinct': {
        const missing =
          facet.missing === undefined
            ? '0'
            : `(SELECT count(DISTINCT ${unit}) FROM ${from}
               WHERE ${where} AND NOT coalesce(jsonb_path_exists(${facet.field.target}, ${path}::jsonpath), false))`;
        return {
          from: `(SELECT coalesce(jsonb_agg(jsonb_build_object('key', g.key, 'count', g.count)), '[]'::jsonb) AS ${column('buckets')},
                    ${missing}::int AS ${column('missing')}
                  FROM (SELECT x #>> '{}' AS key, count(DISTINCT ${unit})::int AS count FROM ${values}
                        WHERE ${where} AND ${typeOk} GROUP BY 1) g) ${alias}`,
          read: (row) => {
            let buckets = row[column('buckets')] as Array<{ key: string; count: number }>;
            const missingCount = row[column('missing')] as number;
            if (facet.missing !== undefined && missingCount > 0) {
              buckets = [...buckets, { key: facet.missing, count: missingCount }];
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
          },
        };
      }
      case 'ranges': {
        const cast = CAST[facet.field.type];
        const lower = params.add(facet.ranges.map((r) => (r.from === undefined ? null : String(r.from))));
        const upper = params.add(facet.ranges.map((r) => (r.to === undefined ? null : String(r.to))));
        return {
          from: `(SELECT coalesce(jsonb_agg(c.count ORDER BY c.i), '[]'::jsonb) AS ${column('counts')} FROM (
                    SELECT r.i, count(DISTINCT n.unit)::int AS count
                    FROM unnest(${lower}::text[], ${upper}::text[]) WITH ORDINALITY AS r(f, t, i)
                    LEFT JOIN (SELECT ${unit} AS unit, ${value} AS n FROM ${values} WHERE ${where} AND ${typeOk}) n
                      ON (r.f IS NULL OR n.n >= r.f::${cast}) AND (r.t IS NULL OR n.n < r.t::${cast})
                    GROUP BY r.i) c) ${alias}`,
          read: (row) => ({
            name: facet.name,
            buckets: (row[column('counts')] as number[]).map((count, index) => ({
              key: facet.ranges[index].key,
              count,
            })),
          }),
        };
      }
      case 'stats': {
        const numeric = facet.field.type === 'number';
        const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
        return {
          from: `(SELECT min(${value}) AS ${column('min')}, max(${value}) AS ${column('max')},
                    ${numeric ? `avg(${value})` : 'NULL'} AS ${column('mean')},
                    ${numeric ? `sum(${value})` : 'NULL'} AS ${column('sum')}, count(*)::int AS ${column('count')}
                  FROM ${values} WHERE ${where} AND ${typeOk}) ${alias}`,
          read: (row) => ({
            name: facet.name,
            min: numeric ? number(row[column('min')]) : statsValue(row[column('min')]),
            max: numeric ? number(row[column('max')]) : statsValue(row[column('max')]),
            ...(numeric
              ? { mean: number(row[column('mean')]) ?? 0, sum: number(row[column('sum')]) ?? 0 }
              : {}),
            count: row[column('count')] as number,
          }),
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
