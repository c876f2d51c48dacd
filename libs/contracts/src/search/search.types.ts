import type { ProductProjection } from '../products/product.types.js';

/** The Product Search API's answer (SDK `ProductPagedSearchResponse`). */
export interface ProductPagedSearchResponse {
  total: number;
  offset: number;
  limit: number;
  facets: ProductSearchFacetResult[];
  results: ProductSearchResult[];
}

export interface ProductSearchResult {
  id: string;
  matchingVariants?: { allMatched: boolean; matchedVariants: Array<{ id: number; sku?: string }> };
  productProjection?: ProductProjection;
}

/** A bucket facet (`distinct`, `ranges`), a `count` facet, or a `stats` facet. */
export type ProductSearchFacetResult =
  | { name: string; buckets: Array<{ key: string; count: number }> }
  | { name: string; value: number }
  | { name: string; min: unknown; max: unknown; mean?: number; sum?: number; count: number };

/** The Customer Search API's answer (SDK `CustomerPagedSearchResponse`). */
export interface CustomerPagedSearchResponse {
  total: number;
  limit: number;
  offset: number;
  results: Array<{ id: string; relevance: number }>;
}

/** SDK `CustomerSearchIndexingStatusResponse`. */
export interface CustomerSearchIndexingStatusResponse {
  status: 'Failed' | 'Indexing' | 'Ready' | 'Scheduled';
  states?: { indexed: number; failed: number; estimatedTotal: number };
  startedAt?: string;
  lastModifiedAt?: string;
  retryCount?: number;
}
