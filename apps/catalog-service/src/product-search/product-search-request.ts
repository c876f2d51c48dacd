import type { ProductProjection } from '@commerce/contracts';
import type { SearchField, SearchNode } from '@commerce/query';

/** A sort criterion of a Product Search: the relevance score, or a field's value (set fields by `mode`). */
export type ProductSearchSort =
  | { by: 'score'; order: 'asc' | 'desc' }
  | {
      by: 'field';
      field: SearchField;
      order: 'asc' | 'desc';
      mode: 'min' | 'max' | 'avg' | 'sum';
      filter?: SearchNode;
    };

interface FacetBase {
  name: string;
  /** `query`: the products the query matches; `all`: every product. */
  scope: 'query' | 'all';
  filter?: SearchNode;
  level: 'products' | 'variants';
}

export type ProductSearchFacet =
  | (FacetBase & { kind: 'count' })
  | (FacetBase & {
      kind: 'distinct';
      field: SearchField;
      includes?: string[];
      sort: { by: 'count' | 'key'; order: 'asc' | 'desc' };
      limit: number;
      missing?: string;
    })
  | (FacetBase & {
      kind: 'ranges';
      field: SearchField;
      ranges: Array<{ from?: number | string; to?: number | string; key: string }>;
    })
  | (FacetBase & { kind: 'stats'; field: SearchField });

/** A Product Search as the search index runs it: parsed, checked, engine-neutral but for field paths. */
export interface ProductSearchQuery {
  projectKey: string;
  query?: SearchNode;
  postFilter?: SearchNode;
  sort: ProductSearchSort[];
  limit: number;
  offset: number;
  markMatchingVariants: boolean;
  facets: ProductSearchFacet[];
}

export type ProductSearchFacetResult =
  | { name: string; buckets: Array<{ key: string; count: number }> }
  | { name: string; value: number }
  | { name: string; min: unknown; max: unknown; mean?: number; sum?: number; count: number };

export interface ProductSearchHit {
  id: string;
  /** With `markMatchingVariants`: the variants that match, or all when the query names no variant field. */
  matching?: { allMatched: boolean; variants: Array<{ id: number; sku?: string }> };
}

export interface ProductSearchAnswer {
  total: number;
  hits: ProductSearchHit[];
  facets: ProductSearchFacetResult[];
}

/**
 * Where Product Search runs: the PostgreSQL index (`PgProductSearch`) over `catalog.product_search`, or a
 * dedicated engine implementing the same two calls (docs/SEARCH.md).
 */
export interface ProductsSearchIndex {
  search(request: ProductSearchQuery): Promise<ProductSearchAnswer>;
  projections(projectKey: string, ids: string[], staged: boolean): Promise<Map<string, ProductProjection>>;
}

export const PRODUCTS_SEARCH_INDEX = Symbol('PRODUCTS_SEARCH_INDEX');
