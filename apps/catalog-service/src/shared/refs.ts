import {
  idOrKeyOf,
  type BaseResource,
  type IdOrKey,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { DocumentTable, Queryable } from '@commerce/persistence';

export type Ref = IdOrKey;

/** An id-or-key reference that came over the wire; anything else is `InvalidInput`. */
export const refOf = idOrKeyOf;

/** The resource a request names; a missing one is `ResourceNotFound` (404). */
export async function findOrNotFound<T extends BaseResource & { key?: string }>(
  table: DocumentTable<T>,
  db: Queryable,
  ctx: RequestContext,
  raw: unknown,
): Promise<T> {
  const ref = refOf(raw);
  const found =
    'id' in ref
      ? await table.findById(db, ctx.projectKey, ref.id)
      : await table.findByKey(db, ctx.projectKey, ref.key);
  if (!found) throw Errors.resourceNotFound(ref);
  return found;
}

/** A paged query response. */
export function pageOf<T>(
  paging: { limit: number; offset: number; withTotal: boolean },
  results: T[],
  total: number | undefined,
): PagedQueryResponse<T> {
  const page: PagedQueryResponse<T> = {
    limit: paging.limit,
    offset: paging.offset,
    count: results.length,
    results,
  };
  if (paging.withTotal && total !== undefined) page.total = total;
  return page;
}
