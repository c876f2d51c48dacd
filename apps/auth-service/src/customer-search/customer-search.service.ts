import type {
  CustomerPagedSearchResponse,
  CustomerSearchIndexingStatusResponse,
  RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  SqlParams,
  parseSearchQuery,
  searchConditionSql,
  searchPagingOf,
  searchScoreSql,
  simpleNodes,
  type SearchField,
  type SearchNode,
} from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProjectsService } from '../projects/projects.service.js';
import { resolveCustomerSearchField } from './customer-search-fields.js';

/** The live API's paging bounds of Customer Search. */
export const CUSTOMER_SEARCH_PAGING = { defaultLimit: 20, maxLimit: 100, maxOffset: 10_000 };
const SQL = { fuzzyFunction: '"auth"."search_fuzzy"' };
const REQUEST_KEYS = new Set(['query', 'sort', 'limit', 'offset']);
const CAST: Record<SearchField['type'], string> = {
  text: 'text',
  number: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  date: 'date',
  time: 'time',
};

function invalid(at: string, detail: string) {
  return Errors.invalidInput(`Invalid search request at '${at}': ${detail}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type CustomerSort =
  | { by: 'score'; order: 'asc' | 'desc' }
  | { by: 'field'; field: SearchField; order: 'asc' | 'desc'; mode: string };

function sortOf(value: unknown, at: string): CustomerSort {
  if (!isObject(value)) throw invalid(at, 'a sort is an object.');
  if (value.order !== 'asc' && value.order !== 'desc') throw invalid(`${at}.order`, "is 'asc' or 'desc'.");
  const order = value.order;
  if (value.field === 'score') return { by: 'score', order };
  if (typeof value.field !== 'string') throw invalid(`${at}.field`, 'is required.');
  const field = resolveCustomerSearchField(value.field, {
    language: typeof value.language === 'string' ? value.language : undefined,
    at: `${at}.field`,
  });
  const mode = value.mode ?? (order === 'asc' ? 'min' : 'max');
  if (mode !== 'min' && mode !== 'max') throw invalid(`${at}.mode`, "is 'min' or 'max' for Customer fields.");
  return { by: 'field', field, order, mode };
}

/**
 * Customer Search (`POST /{projectKey}/customers/search`, and in a Store over its customers): the shared
 * query language over the customers' documents in `auth.customers`, which every customer write keeps current
 * (consistency is immediate). Answers the live API's error while the project has not activated it.
 */
@Injectable()
export class CustomerSearchService {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsService,
  ) {}

  async search(ctx: RequestContext, body: unknown): Promise<CustomerPagedSearchResponse> {
    if (!isObject(body)) throw Errors.invalidInput('Invalid search request: the body is a JSON object.');
    const unknown = Object.keys(body).find((key) => !REQUEST_KEYS.has(key));
    if (unknown) throw invalid(unknown, 'is not a field of a Customer Search request.');
    const { limit, offset } = searchPagingOf(body, CUSTOMER_SEARCH_PAGING);
    const query: SearchNode | undefined =
      body.query === undefined || body.query === null
        ? undefined
        : parseSearchQuery(body.query, 'query', resolveCustomerSearchField);
    if (
      body.sort !== undefined &&
      body.sort !== null &&
      (!Array.isArray(body.sort) || body.sort.length > 10)
    ) {
      throw invalid('sort', 'must be an array of at most 10 sorts.');
    }
    const sorts = ((body.sort as unknown[] | undefined) ?? []).map((entry, index) =>
      sortOf(entry, `sort[${index}]`),
    );
    await this.activated(ctx);

    const params = new SqlParams();
    const conditions = [`c.project_key = ${params.add(ctx.projectKey)}`];
    if (ctx.storeKey) {
      conditions.push(`c.doc->'stores' @> ${params.add(JSON.stringify([{ key: ctx.storeKey }]))}::jsonb`);
    }
    if (query) conditions.push(searchConditionSql(query, params, SQL));
    const where = conditions.join(' AND ');
    const countValues = params.size;
    const scoring = query
      ? simpleNodes(query)
          .filter((entry) => entry.scoring)
          .map((entry) => entry.node)
      : [];
    const score = searchScoreSql(scoring, params, SQL);
    const order = (sorts.length > 0 ? sorts : [{ by: 'score' as const, order: 'desc' as const }]).map(
      (sort) => {
        const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
        if (sort.by === 'score') return `relevance ${direction}`;
        const value = `(x #>> '{}')::${CAST[sort.field.type]}`;
        return `(SELECT ${sort.mode}(${value}) FROM jsonb_path_query(${sort.field.target}, ${params.addShared(sort.field.path)}::jsonpath) x
        WHERE jsonb_typeof(x) IN ('string', 'number', 'boolean')) ${direction} NULLS LAST`;
      },
    );
    const rows = await this.db.query<Array<{ id: string; relevance: string | number }>>(
      `SELECT c.id, (${score}) AS relevance FROM "auth"."customers" c WHERE ${where}
       ORDER BY ${[...order, 'c.created_at ASC', 'c.id ASC'].join(', ')}
       LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
    const [counted] = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM "auth"."customers" c WHERE ${where}`,
      params.values.slice(0, countValues),
    );
    return {
      total: counted.n,
      limit,
      offset,
      results: rows.map((row) => ({ id: row.id, relevance: Number(row.relevance) })),
    };
  }

  /** The index's status: `Ready` once activated (the index is the customers' table itself). */
  async status(ctx: RequestContext): Promise<CustomerSearchIndexingStatusResponse> {
    const project = await this.activated(ctx);
    const [counted] = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM "auth"."customers" WHERE project_key = $1`,
      [ctx.projectKey],
    );
    const changedAt = project.searchIndexing?.customers?.lastModifiedAt;
    return {
      status: 'Ready',
      states: { indexed: counted.n, failed: 0, estimatedTotal: counted.n },
      ...(changedAt ? { startedAt: changedAt, lastModifiedAt: changedAt } : {}),
    };
  }

  private async activated(ctx: RequestContext) {
    const project = await this.projects.get(ctx);
    if (project.searchIndexing?.customers?.status !== 'Activated') {
      throw Errors.searchNotActivated(
        `Customer Search API is not enabled for "${ctx.projectKey}", if you intend to use it please activate the Customer Search.`,
      );
    }
    return project;
  }
}
