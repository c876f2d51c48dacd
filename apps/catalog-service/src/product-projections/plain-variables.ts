import type { RawQuery } from '@commerce/query';

/**
 * The query with the input variables that `where` names (`:sku`) but that came without the `var.` prefix
 * (`?sku=...`) added as `var.sku`: the official SDK's own product projection tests query that way and the
 * live API answers them. A `var.` parameter wins over a plain one.
 */
export function withPlainVariables(raw: RawQuery): RawQuery {
  const where = [raw.where ?? []].flat().join(' ');
  const names = new Set([...where.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]));
  const added: RawQuery = {};
  for (const name of names) {
    if (!Object.hasOwn(raw, `var.${name}`) && Object.hasOwn(raw, name)) added[`var.${name}`] = raw[name];
  }
  return { ...raw, ...added };
}
