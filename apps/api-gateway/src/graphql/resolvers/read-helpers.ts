import { idOrKeyOf, type IdOrKey, type PagedQueryResponse } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from '@commerce/query';

export interface ListArgs {
  where?: string | null;
  sort?: string[] | null;
  limit?: number | null;
  offset?: number | null;
}

export interface IdOrKeyArgs {
  id?: string | null;
  key?: string | null;
}

export type Ref = IdOrKey;

const STORE_KEY = /^[A-Za-z0-9_-]{2,256}$/;

/** `id` or `key`, exactly one. */
export function refOf(args: IdOrKeyArgs): Ref {
  return idOrKeyOf({ id: args.id, key: args.key });
}

/** The arguments of a list field as the REST query string, checked as the REST edge checks it. */
export function rawQuery(args: ListArgs, extraWhere?: string): RawQuery {
  const raw: RawQuery = {};
  const where = [args.where, extraWhere].filter((value): value is string => typeof value === 'string');
  if (where.length > 0) raw.where = where;
  if (args.sort && args.sort.length > 0) raw.sort = args.sort;
  if (args.limit != null) raw.limit = String(args.limit);
  if (args.offset != null) raw.offset = String(args.offset);
  parseQueryParams(raw);
  return raw;
}

/** A REST page as the live API's `*QueryResult`. */
export function queryResult<T>(page: PagedQueryResponse<T>) {
  const total = page.total ?? page.offset + page.count;
  return { offset: page.offset, count: page.count, total, exists: total > 0, results: page.results };
}

/** A single object that does not exist is `null` without an error, as GraphQL has it. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ResourceNotFound') return null;
    throw error;
  }
}

/** A Store key of `inStore`/`inStores`/`storeKey`, safe to name in a predicate. */
export function storeKeyOf(key: unknown): string {
  if (typeof key !== 'string' || !STORE_KEY.test(key)) {
    throw Errors.invalidInput(`'${String(key)}' is not a valid Store key.`);
  }
  return key;
}

/** `name(locale, acceptLanguage)` of a LocalizedString: the asked locale, else the first accepted one. */
export function pickLocale(
  value: Record<string, string> | undefined,
  args: { locale?: string | null; acceptLanguage?: string[] | null },
): string | null {
  if (!value) return null;
  const wanted = [args.locale, ...(args.acceptLanguage ?? [])].filter(
    (locale): locale is string => typeof locale === 'string',
  );
  for (const locale of wanted) if (Object.hasOwn(value, locale)) return value[locale];
  return null;
}

/** `nameAllLocales`: `[{locale, value}]`. */
export function allLocales(value: Record<string, string> | undefined) {
  return value ? Object.entries(value).map(([locale, text]) => ({ locale, value: text })) : null;
}
