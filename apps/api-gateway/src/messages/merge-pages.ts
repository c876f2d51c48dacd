import type { PagedQueryResponse } from '@commerce/contracts';

interface SortTerm {
  path: string[];
  descending: boolean;
}

function parseSort(sort: string[]): SortTerm[] {
  return sort.map((expression) => {
    const [field, direction] = expression.trim().split(/\s+/);
    return { path: field.split('.'), descending: direction?.toLowerCase() === 'desc' };
  });
}

function valueAt(item: unknown, path: string[]): unknown {
  let value: unknown = item;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** Orders like the database: numbers numerically, text by code point (collation "C"), missing values last. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = textOf(a);
  const right = textOf(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A comparator for `sort` expressions, with `id asc` as the final tiebreaker (as the SQL side does). */
export function comparatorFor(sort: string[]): (a: unknown, b: unknown) => number {
  const terms = [...parseSort(sort), { path: ['id'], descending: false }];
  return (a, b) => {
    for (const term of terms) {
      const order = compareValues(valueAt(a, term.path), valueAt(b, term.path));
      if (order !== 0) return term.descending ? -order : order;
    }
    return 0;
  };
}

/** One page out of several sources' sorted prefixes: merge, then skip `offset` and take `limit`. */
export function mergePages<T>(
  pages: Array<PagedQueryResponse<T>>,
  sort: string[],
  page: { offset: number; limit: number; withTotal: boolean },
): PagedQueryResponse<T> {
  const all = pages.flatMap((p) => p.results).sort(comparatorFor(sort));
  const results = all.slice(page.offset, page.offset + page.limit);
  const merged: PagedQueryResponse<T> = {
    limit: page.limit,
    offset: page.offset,
    count: results.length,
    results,
  };
  if (page.withTotal) merged.total = pages.reduce((sum, p) => sum + (p.total ?? 0), 0);
  return merged;
}
