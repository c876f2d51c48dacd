import {
  Subjects,
  inLocales,
  type LocalizedString,
  type ProductProjection,
  type RequestContext,
} from '@commerce/contracts';
import type { ProductPagedSearchResponse, ProductSearchResult } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  parseSearchQuery,
  searchPagingOf,
  type SearchField,
  type SearchFieldResolver,
  type SearchNode,
} from '@commerce/query';
import { RpcClient } from '@commerce/messaging';
import { ProjectSettings } from '@commerce/resources';
import { DataSource } from 'typeorm';
import { storeScope } from '../in-store/store-scope.js';
import { Inject, Injectable } from '@nestjs/common';
import { priceSelectionOf } from '@commerce/pricing';
import { ProductDiscounts } from '../product-discounts/product-discounts.service.js';
import { productSearchFieldResolver, storesNamed, type StoreOffer } from './product-search-fields.js';
import {
  PRODUCTS_SEARCH_INDEX,
  type ProductSearchFacet,
  type ProductSearchQuery,
  type ProductSearchSort,
  type ProductsSearchIndex,
} from './product-search-request.js';

/** The live API's paging bounds of Product Search. */
export const PRODUCT_SEARCH_PAGING = { defaultLimit: 20, maxLimit: 100, maxOffset: 10_000 };
/** Facets of one request, and buckets and ranges of one facet: the platform's bounds (docs/SEARCH.md). */
export const MAX_FACETS = 20;
export const MAX_BUCKETS = 100;

const REQUEST_KEYS = new Set([
  'query',
  'sort',
  'limit',
  'offset',
  'markMatchingVariants',
  'productProjectionParameters',
  'facets',
  'postFilter',
]);

function invalid(at: string, detail: string) {
  return Errors.invalidInput(`Invalid search request at '${at}': ${detail}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown, at: string, max: number): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(at, 'must be an array.');
  if (value.length > max) throw invalid(at, `holds at most ${max} entries.`);
  return value;
}

function optionalString(value: unknown, at: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > 256) throw invalid(at, 'must be a string.');
  return value;
}

function oneOf<T extends string>(value: unknown, at: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (!allowed.includes(value as T)) throw invalid(at, `must be one of ${allowed.join(', ')}.`);
  return value as T;
}

function fieldOf(body: Record<string, unknown>, at: string, resolve: SearchFieldResolver): SearchField {
  const field = optionalString(body.field, `${at}.field`);
  if (field === undefined) throw invalid(`${at}.field`, 'is required.');
  return resolve(field, {
    language: optionalString(body.language, `${at}.language`),
    fieldType: optionalString(body.fieldType, `${at}.fieldType`),
    at: `${at}.field`,
  });
}

const queryOf = (value: unknown, at: string, resolve: SearchFieldResolver): SearchNode | undefined =>
  value === undefined || value === null ? undefined : parseSearchQuery(value, at, resolve);

function sortOf(value: unknown, at: string, resolve: SearchFieldResolver): ProductSearchSort {
  if (!isObject(value)) throw invalid(at, 'a sort is an object.');
  const order = oneOf(value.order, `${at}.order`, ['asc', 'desc'] as const, 'asc');
  if (value.order === undefined) throw invalid(`${at}.order`, 'is required.');
  if (value.field === 'score') return { by: 'score', order };
  const field = fieldOf(value, at, resolve);
  const mode = oneOf(
    value.mode,
    `${at}.mode`,
    ['min', 'max', 'avg', 'sum'] as const,
    order === 'asc' ? 'min' : 'max',
  );
  if ((mode === 'avg' || mode === 'sum') && field.type !== 'number') {
    throw invalid(`${at}.mode`, `'${mode}' applies to number fields only.`);
  }
  const filter = queryOf(value.filter, `${at}.filter`, resolve);
  return { by: 'field', field, order, mode, ...(filter ? { filter } : {}) };
}

function rangeBound(field: SearchField, value: unknown, at: string): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (field.type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  if (field.type === 'datetime' && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return value;
  throw invalid(
    at,
    `a range of '${field.name}' is bounded by ${field.type === 'number' ? 'numbers' : 'datetimes'}.`,
  );
}

function facetOf(value: unknown, at: string, resolve: SearchFieldResolver): ProductSearchFacet {
  if (!isObject(value)) throw invalid(at, 'a facet is an object.');
  const kinds = Object.keys(value).filter((key) => value[key] !== undefined);
  const kind = kinds[0] as 'count' | 'distinct' | 'ranges' | 'stats';
  if (kinds.length !== 1 || !['count', 'distinct', 'ranges', 'stats'].includes(kind)) {
    throw invalid(at, 'a facet has exactly one of count, distinct, ranges, stats.');
  }
  const here = `${at}.${kind}`;
  const body = value[kind];
  if (!isObject(body)) throw invalid(here, 'must be an object.');
  const name = optionalString(body.name, `${here}.name`);
  if (!name) throw invalid(`${here}.name`, 'is required.');
  const filter = queryOf(body.filter, `${here}.filter`, resolve);
  const base = {
    name,
    scope: oneOf(body.scope, `${here}.scope`, ['query', 'all'] as const, 'query'),
    level: oneOf(body.level, `${here}.level`, ['products', 'variants'] as const, 'products'),
    ...(filter ? { filter } : {}),
  };
  if (kind === 'count') return { ...base, kind };
  const field = fieldOf(body, here, resolve);
  if (kind === 'stats') return { ...base, kind, field };
  if (kind === 'distinct') {
    const sort = isObject(body.sort) ? body.sort : {};
    const limit = body.limit ?? 10;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_BUCKETS) {
      throw invalid(`${here}.limit`, `must be an integer from 1 to ${MAX_BUCKETS}.`);
    }
    const includes = list(body.includes, `${here}.includes`, MAX_BUCKETS).map((entry, index) => {
      const included = optionalString(entry, `${here}.includes[${index}]`);
      if (included === undefined) throw invalid(`${here}.includes[${index}]`, 'must be a string.');
      return included;
    });
    const missing = optionalString(body.missing, `${here}.missing`);
    return {
      ...base,
      kind,
      field,
      sort: {
        by: oneOf(sort.by, `${here}.sort.by`, ['count', 'key'] as const, 'count'),
        order: oneOf(
          sort.order,
          `${here}.sort.order`,
          ['asc', 'desc'] as const,
          sort.by === 'key' ? 'asc' : 'desc',
        ),
      },
      limit,
      ...(body.includes !== undefined && body.includes !== null ? { includes } : {}),
      ...(missing !== undefined ? { missing } : {}),
    };
  }
  if (field.type !== 'number' && field.type !== 'datetime') {
    throw invalid(
      `${here}.field`,
      `a ranges facet applies to numbers and datetimes; '${field.name}' is a ${field.type}.`,
    );
  }
  const ranges = list(body.ranges, `${here}.ranges`, MAX_BUCKETS).map((entry, index) => {
    const at2 = `${here}.ranges[${index}]`;
    if (!isObject(entry)) throw invalid(at2, 'a range is an object.');
    const from = rangeBound(field, entry.from, `${at2}.from`);
    const to = rangeBound(field, entry.to, `${at2}.to`);
    const key = optionalString(entry.key, `${at2}.key`) ?? `${from ?? '*'}-${to ?? '*'}`;
    return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), key };
  });
  if (ranges.length === 0) throw invalid(`${here}.ranges`, 'needs at least one range.');
  return { ...base, kind, field, ranges };
}

/** What a Store's id can be; other values name no Store. */
const STORE_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface ProjectionParameters {
  staged: boolean;
  raw: Record<string, string | undefined>;
  localeProjection?: string[];
}

function projectionParametersOf(value: unknown): ProjectionParameters | undefined {
  if (value === undefined || value === null) return undefined;
  const at = 'productProjectionParameters';
  if (!isObject(value)) throw invalid(at, 'must be an object.');
  const known = [
    'expand',
    'staged',
    'priceCurrency',
    'priceCountry',
    'priceCustomerGroup',
    'priceChannel',
    'localeProjection',
    'storeProjection',
    'priceCustomerGroupAssignments',
  ];
  const unknown = Object.keys(value).find((key) => !known.includes(key));
  if (unknown) throw invalid(`${at}.${unknown}`, 'is not a projection parameter.');
  if (value.storeProjection !== undefined && value.storeProjection !== null) {
    throw invalid(
      `${at}.storeProjection`,
      'store projections are not served by this platform (docs/SEARCH.md).',
    );
  }
  if (list(value.priceCustomerGroupAssignments, `${at}.priceCustomerGroupAssignments`, 100).length > 0) {
    throw invalid(
      `${at}.priceCustomerGroupAssignments`,
      'multiple customer groups are not served by this platform.',
    );
  }
  if (value.staged !== undefined && value.staged !== null && typeof value.staged !== 'boolean') {
    throw invalid(`${at}.staged`, 'must be true or false.');
  }
  list(value.expand, `${at}.expand`, 100);
  const raw = Object.fromEntries(
    ['priceCurrency', 'priceCountry', 'priceCustomerGroup', 'priceChannel'].map((name) => [
      name,
      optionalString(value[name], `${at}.${name}`),
    ]),
  );
  const locales = list(value.localeProjection, `${at}.localeProjection`, 100).map((locale, index) => {
    const text = optionalString(locale, `${at}.localeProjection[${index}]`);
    if (text === undefined) throw invalid(`${at}.localeProjection[${index}]`, 'must be a string.');
    return text;
  });
  return { staged: value.staged === true, raw, ...(locales.length > 0 ? { localeProjection: locales } : {}) };
}

const LOCALIZED = [
  'name',
  'description',
  'slug',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'searchKeywords',
] as const;

/** The projection with its localized fields in the given locales only (`localeProjection`). */
export function withLocales(projection: ProductProjection, locales: string[] | undefined): ProductProjection {
  if (!locales) return projection;
  const copy: Record<string, unknown> = { ...projection };
  for (const name of LOCALIZED) {
    const value = copy[name];
    if (isObject(value)) copy[name] = inLocales(value as LocalizedString, locales);
  }
  return copy as unknown as ProductProjection;
}

/**
 * The Product Search API (`POST /{projectKey}/products/search`): checks the request against the query
 * language and the live API's bounds, answers the live API's error while the project has not activated it,
 * and runs it on the search index; the projections come next to the hits when `productProjectionParameters`
 * asks for them.
 */
@Injectable()
export class ProductSearchService {
  constructor(
    @Inject(PRODUCTS_SEARCH_INDEX) private readonly index: ProductsSearchIndex,
    private readonly settings: ProjectSettings,
    private readonly pricing: ProductDiscounts,
    private readonly rpc: RpcClient,
    private readonly db: DataSource,
  ) {}

  async search(ctx: RequestContext, body: unknown): Promise<ProductPagedSearchResponse> {
    if (!isObject(body)) throw Errors.invalidInput('Invalid search request: the body is a JSON object.');
    const unknown = Object.keys(body).find((key) => !REQUEST_KEYS.has(key));
    if (unknown) throw invalid(unknown, 'is not a field of a Product Search request.');
    const paging = searchPagingOf(body, PRODUCT_SEARCH_PAGING);
    if (
      body.markMatchingVariants !== undefined &&
      body.markMatchingVariants !== null &&
      typeof body.markMatchingVariants !== 'boolean'
    ) {
      throw invalid('markMatchingVariants', 'must be true or false.');
    }
    const projection = projectionParametersOf(body.productProjectionParameters);
    const selection = projection ? priceSelectionOf(projection.raw) : undefined;
    const storeIds = storesNamed(body, '');
    const resolve = productSearchFieldResolver(storeIds ? await this.storeOffers(ctx, storeIds) : undefined);
    const request: ProductSearchQuery = {
      projectKey: ctx.projectKey,
      query: queryOf(body.query, 'query', resolve),
      postFilter: queryOf(body.postFilter, 'postFilter', resolve),
      sort: list(body.sort, 'sort', 10).map((entry, index) => sortOf(entry, `sort[${index}]`, resolve)),
      ...paging,
      markMatchingVariants: body.markMatchingVariants === true,
      facets: list(body.facets, 'facets', MAX_FACETS).map((entry, index) =>
        facetOf(entry, `facets[${index}]`, resolve),
      ),
    };
    await this.activated(ctx);
    const answer = await this.index.search(request);
    const stored = projection
      ? await this.index.projections(
          ctx.projectKey,
          answer.hits.map((hit) => hit.id),
          projection.staged,
        )
      : undefined;
    const projections = stored
      ? new Map(
          (await this.pricing.priced(ctx.projectKey, [...stored.values()], selection)).map((p) => [p.id, p]),
        )
      : undefined;
    const results = answer.hits.map((hit): ProductSearchResult => {
      const found = projections?.get(hit.id);
      return {
        id: hit.id,
        ...(hit.matching
          ? {
              matchingVariants: {
                allMatched: hit.matching.allMatched,
                matchedVariants: hit.matching.variants,
              },
            }
          : {}),
        ...(found
          ? {
              productProjection: withLocales(found, projection?.localeProjection),
            }
          : {}),
      };
    });
    return {
      total: answer.total,
      offset: request.offset,
      limit: request.limit,
      facets: answer.facets,
      results,
    };
  }

  /**
   * The Stores `stores` names, with which products each offers (its product selections, read in one call to
   * stores-service and one statement); an id of no Store of the project offers nothing.
   */
  private async storeOffers(ctx: RequestContext, ids: string[]): Promise<StoreOffer[]> {
    const wellFormed = [...new Set(ids)].filter((id) => STORE_ID.test(id));
    if (wellFormed.length === 0) return [];
    const page = await this.rpc.send(Subjects.stores.store.query, {
      ctx,
      query: {
        where: `id in (${wellFormed.map((id) => JSON.stringify(id)).join(', ')})`,
        limit: String(wellFormed.length),
        withTotal: 'false',
      },
    });
    return Promise.all(
      page.results.map(async (store) => ({
        id: store.id,
        scope: await storeScope(this.db, ctx.projectKey, store.productSelections ?? []),
      })),
    );
  }

  /** The live API's answer while Product Search is not activated for the project. */
  private async activated(ctx: RequestContext): Promise<void> {
    const project = await this.settings.get(ctx);
    if (project.searchIndexing?.productsSearch?.status !== 'Activated') {
      throw Errors.searchNotActivated(
        `Product Search API is not enabled for "${ctx.projectKey}", if you intend to use it please enable indexing for Product Search API`,
      );
    }
  }
}
