import { Errors } from '@commerce/errors';

export type RawQuery = Record<string, string | string[] | undefined>;

export interface Paging {
  limit: number;
  offset: number;
  /** `ORDER BY` terms, each a whitelisted SQL expression and a direction. */
  orderBy: string;
}

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

function intParam(query: RawQuery, name: string, min: number, max: number, fallback: number): number {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw Errors.invalidInput(`Malformed parameter: ${name}: must be an integer from ${min} to ${max}.`);
  }
  return value;
}

/**
 * `limit` (0..500, default 20), `offset` (0..10000) and `sort` (`field asc|desc`, repeatable) of the Import
 * API's paged queries; `sortable` maps each field that may be sorted by to its SQL expression.
 */
export function pagingOf(query: RawQuery, sortable: Record<string, string>, tieBreaker: string): Paging {
  const limit = intParam(query, 'limit', 0, 500, 20);
  const offset = intParam(query, 'offset', 0, 10_000, 0);
  const sorts = [query.sort ?? []].flat();
  const terms = sorts.map((sort) => {
    const match = /^\s*([A-Za-z]+)(?:\s+(asc|desc))?\s*$/.exec(sort);
    const column = match && Object.hasOwn(sortable, match[1]) ? sortable[match[1]] : undefined;
    if (!match || !column) {
      throw Errors.invalidInput(
        `Malformed parameter: sort: '${sort}'. Sortable fields: ${Object.keys(sortable).join(', ')}.`,
      );
    }
    return `${column} ${match[2] === 'desc' ? 'DESC' : 'ASC'}`;
  });
  return { limit, offset, orderBy: [...terms, tieBreaker].join(', ') };
}

export function flag(query: RawQuery, name: string): boolean {
  return single(query, name) === 'true';
}

export function text(query: RawQuery, name: string): string | undefined {
  return single(query, name);
}
