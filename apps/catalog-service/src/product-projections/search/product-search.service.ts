import type { ProductProjection, ProductVariant, RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { priceSelectionOf } from '@commerce/pricing';
import { ProductDiscounts } from '../../product-discounts/product-discounts.service.js';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Inject, Injectable } from '@nestjs/common';
import { wordsOf } from '../projection-rows.js';
import { stagedParam } from '../staged-param.js';
import {
  PRODUCT_SEARCH_INDEX,
  type FacetResult,
  type ProductSearchIndex,
  type SearchRequest,
  type SearchSort,
} from './product-search-index.js';
import { parseFacet, parseFilter } from './search-expression.js';
import { searchFieldOf } from './search-fields.js';

export interface ProductProjectionPagedSearchResponse {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: ProductProjection[];
  facets: Record<string, FacetResult>;
}

function list(raw: RawQuery, name: string): string[] {
  const value = raw[name];
  return value === undefined ? [] : [value].flat();
}

function booleanParam(raw: RawQuery, name: string): boolean {
  const values = list(raw, name);
  if (values.length === 0) return false;
  if (values.length > 1 || (values[0] !== 'true' && values[0] !== 'false')) {
    throw Errors.invalidInput(`Malformed parameter: ${name}: must be true or false.`);
  }
  return values[0] === 'true';
}

/**
 * The live API searches the first 256 characters of `text.{locale}` and ignores the rest (release notes,
 * 2020-11-11); a longer text is no error.
 */
export const MAX_SEARCH_TEXT_LENGTH = 256;
/** A language tag with at most eight subtags: a longer "locale" names no language. */
const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,7}$/;

/** `text.{locale}`: its locale and its words (of the first MAX_SEARCH_TEXT_LENGTH characters), or undefined. */
export function textOf(raw: RawQuery): SearchRequest['text'] {
  const names = Object.keys(raw).filter((name) => name.startsWith('text.') && raw[name] !== undefined);
  if (names.length === 0) return undefined;
  if (names.length > 1) throw Errors.invalidInput('Full-text search takes one text.{locale} parameter.');
  const locale = names[0].slice('text.'.length);
  if (!LOCALE.test(locale)) {
    throw Errors.invalidInput(`Malformed parameter: ${names[0]}: not a locale.`);
  }
  const values = list(raw, names[0]);
  if (values.length !== 1) throw Errors.invalidInput(`Malformed parameter: ${names[0]}: must be given once.`);
  const words = wordsOf(Array.from(values[0]).slice(0, MAX_SEARCH_TEXT_LENGTH).join(''));
  if (words.length === 0) return undefined;
  return { locale, words, fuzzy: booleanParam(raw, 'fuzzy') };
}

/** `sort`: `createdAt`, `lastModifiedAt`, `id`, `key`, `name.{locale}`, `slug.{locale}`, `score`, `price`. */
export function searchSortOf(expression: string): SearchSort {
  const match = /^\s*([A-Za-z0-9_.-]+)\s+(asc|desc)\s*$/.exec(expression);
  if (!match) throw Errors.invalidInput(`Malformed sort expression '${expression}'.`);
  const [, path, direction] = match as unknown as [string, string, 'asc' | 'desc'];
  const [field, locale, ...rest] = path.split('.');
  if (rest.length === 0 && locale === undefined) {
    if (field === 'createdAt' || field === 'lastModifiedAt' || field === 'id' || field === 'key') {
      return { by: 'field', field, direction };
    }
    if (field === 'score' || field === 'price') return { by: field, direction };
  }
  if (rest.length === 0 && locale !== undefined && (field === 'name' || field === 'slug')) {
    return { by: 'localized', field, locale, direction };
  }
  throw Errors.invalidInput(`The sort expression '${expression}' is not supported.`);
}

function marked(variant: ProductVariant, ids: Set<number>): ProductVariant {
  return { ...variant, isMatchingVariant: ids.has(variant.id) } as ProductVariant;
}

/** Product projection search: parses the live API's parameters and hands them to the search index. */
@Injectable()
export class ProductSearchService {
  constructor(
    @Inject(PRODUCT_SEARCH_INDEX) private readonly index: ProductSearchIndex<ProductProjection>,
    private readonly pricing: ProductDiscounts,
  ) {}

  async search(ctx: RequestContext, raw: RawQuery = {}): Promise<ProductProjectionPagedSearchResponse> {
    const paging = parseQueryParams({ limit: raw.limit, offset: raw.offset, withTotal: raw.withTotal });
    const selection = priceSelectionOf(raw);
    const filters = (name: string) =>
      list(raw, name).map((text) => {
        const expression = parseFilter(text);
        searchFieldOf(expression.path);
        return expression;
      });
    const facets = list(raw, 'facet').map((text) => {
      const facet = parseFacet(text);
      searchFieldOf(facet.path);
      return facet;
    });
    const text = textOf(raw);
    const request: SearchRequest = {
      projectKey: ctx.projectKey,
      staged: stagedParam(raw.staged),
      ...(text ? { text } : {}),
      query: filters('filter.query'),
      filter: filters('filter'),
      facetFilter: filters('filter.facets'),
      facets,
      sort: list(raw, 'sort').map(searchSortOf),
      ...(selection ? { priceCurrency: selection.currency } : {}),
      markMatchingVariants: booleanParam(raw, 'markMatchingVariants'),
      limit: paging.limit,
      offset: paging.offset,
      withTotal: paging.withTotal,
    };
    const found = await this.index.search(request);
    const pricedAll = await this.pricing.priced(
      ctx.projectKey,
      found.hits.map((hit) => hit.projection),
      selection,
    );
    const results = found.hits.map(({ matchingVariantIds }, index) => {
      const priced = pricedAll[index];
      if (!matchingVariantIds) return priced;
      const ids = new Set(matchingVariantIds);
      return {
        ...priced,
        masterVariant: marked(priced.masterVariant, ids),
        variants: priced.variants.map((v) => marked(v, ids)),
      };
    });
    return {
      limit: request.limit,
      offset: request.offset,
      count: results.length,
      ...(found.total !== undefined ? { total: found.total } : {}),
      results,
      facets: found.facets,
    };
  }
}
