import { Errors } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from '@commerce/query';

/**
 * `HEAD` with `where` on the token's own resources (`/me/carts`, `/me/payments`, `/me/shopping-lists`), which
 * have no exists subject: their query asked for one result without a total. 200 when one matches, else 404.
 */
export async function existsWhere(
  query: RawQuery,
  ask: (query: RawQuery) => Promise<{ results: readonly unknown[] }>,
): Promise<void> {
  parseQueryParams(query);
  const page = await ask({ ...query, limit: '1', withTotal: 'false' });
  if (page.results.length === 0) throw Errors.resourceNotFound({ key: 'where' });
}
