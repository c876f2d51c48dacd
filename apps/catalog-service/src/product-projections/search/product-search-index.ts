import type { FacetExpression, FilterExpression } from './search-expression.js';

/** A product projection search as the service understands it, independent of the engine that runs it. */
export interface SearchRequest {
  projectKey: string;
  staged: boolean;
  /** Full text in one locale; `fuzzy` matches word prefixes too. */
  text?: { locale: string; words: string[]; fuzzy: boolean };
  /** `filter.query`: narrows results and facets. */
  query: FilterExpression[];
  /** `filter`: narrows results only. */
  filter: FilterExpression[];
  /** `filter.facets`: narrows facets only. */
  facetFilter: FilterExpression[];
  facets: FacetExpression[];
  sort: SearchSort[];
  /** The currency whose prices `sort=price` compares, from `priceCurrency`. */
  priceCurrency?: string;
  markMatchingVariants: boolean;
  limit: number;
  offset: number;
  withTotal: boolean;
}

export type SearchSort =
  | { by: 'field'; field: 'createdAt' | 'lastModifiedAt' | 'id' | 'key'; direction: 'asc' | 'desc' }
  | { by: 'localized'; field: 'name' | 'slug'; locale: string; direction: 'asc' | 'desc' }
  | { by: 'score' | 'price'; direction: 'asc' | 'desc' };

export interface SearchHit<P> {
  projection: P;
  /** With `markMatchingVariants`: the ids of the variants that match the variant filters. */
  matchingVariantIds?: number[];
}

export interface FacetTermResult {
  type: 'terms';
  dataType: 'text' | 'number' | 'boolean';
  missing: number;
  total: number;
  other: number;
  terms: Array<{ term: unknown; count: number; productCount?: number }>;
}

export interface FacetRangeResult {
  type: 'range';
  ranges: Array<{
    from: number;
    fromStr: string;
    to: number;
    toStr: string;
    count: number;
    productCount?: number;
    total: number;
    min: number;
    max: number;
    mean: number;
  }>;
}

export interface FacetFilterResult {
  type: 'filter';
  count: number;
  productCount?: number;
}

export type FacetResult = FacetTermResult | FacetRangeResult | FacetFilterResult;

export interface SearchResult<P> {
  hits: Array<SearchHit<P>>;
  total?: number;
  facets: Record<string, FacetResult>;
}

/**
 * Where product projections are searched. The PostgreSQL one reads `catalog.product_search`; a dedicated
 * search engine can take its place by implementing this (see docs/SEARCH.md).
 */
export interface ProductSearchIndex<P> {
  search(request: SearchRequest): Promise<SearchResult<P>>;
}

export const PRODUCT_SEARCH_INDEX = Symbol('PRODUCT_SEARCH_INDEX');
