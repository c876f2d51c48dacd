import { Errors, type ApiError } from '@commerce/errors';

/**
 * The query language the Search APIs share (Product Search, Customer Search): compound expressions `and`,
 * `or`, `not`, `filter` over simple expressions `exact`, `fullText`, `fullTextPrefix`, `prefix`, `wildcard`,
 * `fuzzy`, `range` and `exists`, each on one field. `parseSearchQuery` checks a request's JSON against the
 * grammar and the live API's limits and resolves every field through the resource's field table, so what
 * reaches the SQL translation (search-sql.ts) is typed and bounded; anything else is `InvalidInput` naming
 * where in the body it is (`query.and[1].exact.field`).
 */

/** The live API's limit of expressions in one query (simple and compound together). */
export const MAX_SEARCH_EXPRESSIONS = 50;
/** The live API's limit of a string value in a simple expression. */
export const MAX_SEARCH_STRING_LENGTH = 256;
/** Values of one `exact` expression (`values`): the platform's bound, docs/SEARCH.md. */
export const MAX_EXACT_VALUES = 500;

/** The data type of a searchable field, which decides the expressions it takes and how values compare. */
export type SearchValueType = 'text' | 'number' | 'boolean' | 'datetime' | 'date' | 'time';

/** A searchable field as the resource's field table resolves it. */
export interface SearchField {
  /** The field as the request named it (with its language, if any), for error messages. */
  name: string;
  /** Where its values are: the product (`s.doc`), one variant (`v.value`), a customer. */
  level: string;
  /** The SQL expression of the jsonb document the path reads (`s.doc`, `v.value`). */
  target: string;
  /** The SQL/JSON path of its values below `target`, lax (arrays on the way are unwrapped). */
  path: string;
  type: SearchValueType;
  /** Whether text expressions (`fullText`, `prefix`, ...) apply: true for texts that are words. */
  words?: boolean;
  /**
   * The locale under which the field's words are also in the owner's word index (the product search table's
   * `search` vector): a `fullText` on it may be narrowed by that index first.
   */
  indexedLocale?: string;
}

/** Resolves a field of a simple expression; throws `InvalidInput` for a field the resource has not. */
export type SearchFieldResolver = (
  field: string,
  options: { language?: string; fieldType?: string; at: string },
) => SearchField;

export type SearchLiteral = string | number | boolean;
export type MatchType = 'all' | 'any';

export type SearchNode =
  | { kind: 'and' | 'or' | 'filter'; nodes: SearchNode[] }
  | { kind: 'not'; nodes: SearchNode[] }
  | { kind: 'exact'; field: SearchField; values: SearchLiteral[]; caseInsensitive: boolean; boost: number }
  | {
      kind: 'fullText';
      field: SearchField;
      words: string[];
      mustMatch: MatchType;
      prefix: boolean;
      boost: number;
    }
  | {
      kind: 'prefix' | 'wildcard';
      field: SearchField;
      value: string;
      caseInsensitive: boolean;
      boost: number;
    }
  | { kind: 'fuzzy'; field: SearchField; words: string[]; level: number; mustMatch: MatchType; boost: number }
  | {
      kind: 'range';
      field: SearchField;
      bounds: Partial<Record<'gt' | 'gte' | 'lt' | 'lte', SearchLiteral>>;
      boost: number;
    }
  | { kind: 'exists'; field: SearchField; boost: number };

const SIMPLE = [
  'exact',
  'fullText',
  'fullTextPrefix',
  'prefix',
  'wildcard',
  'fuzzy',
  'range',
  'exists',
] as const;
const COMPOUND = ['and', 'or', 'not', 'filter'] as const;

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, lower-cased: letters and digits of every script. */
export function searchWordsOf(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function invalid(at: string, detail: string): ApiError {
  return Errors.invalidInput(`Invalid search query at '${at}': ${detail}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Counts expressions while parsing, refusing the one past the limit. */
class Budget {
  private used = 0;

  take(at: string): void {
    this.used += 1;
    if (this.used > MAX_SEARCH_EXPRESSIONS) {
      throw invalid(at, `a query holds at most ${MAX_SEARCH_EXPRESSIONS} expressions.`);
    }
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value of the field's type, or `InvalidInput` naming where it is. */
function literalOf(field: SearchField, value: unknown, at: string): SearchLiteral {
  const ok = (() => {
    switch (field.type) {
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'date':
        return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
      case 'time':
        return typeof value === 'string' && TIME.test(value);
      case 'datetime':
        return typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value));
      case 'text':
        return typeof value === 'string';
    }
  })();
  if (!ok) throw invalid(at, `'${field.name}' takes a ${field.type} value.`);
  if (typeof value === 'string' && value.length > MAX_SEARCH_STRING_LENGTH) {
    throw invalid(at, `a string value has at most ${MAX_SEARCH_STRING_LENGTH} characters.`);
  }
  return value as SearchLiteral;
}

function stringOf(value: unknown, at: string, name: string): string {
  if (typeof value !== 'string') throw invalid(at, `'${name}' must be a string.`);
  if (value.length > MAX_SEARCH_STRING_LENGTH) {
    throw invalid(at, `a string value has at most ${MAX_SEARCH_STRING_LENGTH} characters.`);
  }
  return value;
}

function optionalString(value: unknown, at: string, name: string): string | undefined {
  return value === undefined || value === null ? undefined : stringOf(value, `${at}.${name}`, name);
}

function booleanOf(value: unknown, at: string, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${at}.${name}`, `'${name}' must be true or false.`);
  return value;
}

function boostOf(value: unknown, at: string): number {
  if (value === undefined || value === null) return 1;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw invalid(`${at}.boost`, `'boost' must be a positive number.`);
  }
  return value;
}

function mustMatchOf(value: unknown, at: string): MatchType {
  if (value === undefined || value === null) return 'all';
  if (value !== 'all' && value !== 'any') throw invalid(`${at}.mustMatch`, `'mustMatch' is 'all' or 'any'.`);
  return value;
}

const KNOWN_KEYS: Record<(typeof SIMPLE)[number], readonly string[]> = {
  exact: ['value', 'values', 'language', 'caseInsensitive'],
  fullText: ['value', 'language', 'mustMatch'],
  fullTextPrefix: ['value', 'language', 'mustMatch'],
  prefix: ['value', 'language', 'caseInsensitive'],
  wildcard: ['value', 'language', 'caseInsensitive'],
  fuzzy: ['value', 'language', 'level', 'mustMatch'],
  range: ['gt', 'gte', 'lt', 'lte'],
  exists: ['language'],
};

function simpleOf(
  kind: (typeof SIMPLE)[number],
  body: unknown,
  at: string,
  resolve: SearchFieldResolver,
): SearchNode {
  if (!isObject(body)) throw invalid(at, `'${kind}' takes an object.`);
  const allowed = new Set(['field', 'boost', 'fieldType', ...KNOWN_KEYS[kind]]);
  const unknown = Object.keys(body).find((key) => !allowed.has(key) && body[key] !== undefined);
  if (unknown) throw invalid(`${at}.${unknown}`, `'${kind}' has no field '${unknown}'.`);
  const fieldName = stringOf(body.field, `${at}.field`, 'field');
  const language = optionalString(body.language, at, 'language');
  const fieldType = optionalString(body.fieldType, at, 'fieldType');
  const field = resolve(fieldName, { language, fieldType, at: `${at}.field` });
  const boost = boostOf(body.boost, at);
  const words = (value: unknown): string[] => {
    const list = searchWordsOf(stringOf(value, `${at}.value`, 'value'));
    if (list.length === 0) throw invalid(`${at}.value`, `'value' holds no word.`);
    return list;
  };
  const textOnly = () => {
    if (field.type !== 'text')
      throw invalid(at, `'${kind}' applies to text fields; '${field.name}' is a ${field.type}.`);
  };
  switch (kind) {
    case 'exact': {
      const hasValue = body.value !== undefined && body.value !== null;
      const hasValues = body.values !== undefined && body.values !== null;
      if (hasValue === hasValues) throw invalid(at, `'exact' takes either 'value' or 'values'.`);
      let raw: unknown[];
      if (hasValues) {
        if (!Array.isArray(body.values) || body.values.length === 0) {
          throw invalid(`${at}.values`, `'values' must be a non-empty array.`);
        }
        if (body.values.length > MAX_EXACT_VALUES) {
          throw invalid(`${at}.values`, `'values' holds at most ${MAX_EXACT_VALUES} values.`);
        }
        raw = body.values;
      } else raw = [body.value];
      const values = raw.map((value, index) =>
        literalOf(field, value, hasValues ? `${at}.values[${index}]` : `${at}.value`),
      );
      const caseInsensitive = booleanOf(body.caseInsensitive, at, 'caseInsensitive');
      return { kind, field, values, caseInsensitive, boost };
    }
    case 'fullText':
    case 'fullTextPrefix':
      textOnly();
      return {
        kind: 'fullText',
        field,
        words: words(body.value),
        mustMatch: mustMatchOf(body.mustMatch, at),
        prefix: kind === 'fullTextPrefix',
        boost,
      };
    case 'prefix':
    case 'wildcard': {
      textOnly();
      const value = stringOf(body.value, `${at}.value`, 'value');
      if (value.length === 0) throw invalid(`${at}.value`, `'value' must not be empty.`);
      return {
        kind,
        field,
        value,
        caseInsensitive: booleanOf(body.caseInsensitive, at, 'caseInsensitive'),
        boost,
      };
    }
    case 'fuzzy': {
      textOnly();
      const level = body.level;
      if (level !== 0 && level !== 1 && level !== 2) throw invalid(`${at}.level`, `'level' is 0, 1 or 2.`);
      return {
        kind,
        field,
        words: words(body.value),
        level,
        mustMatch: mustMatchOf(body.mustMatch, at),
        boost,
      };
    }
    case 'range': {
      if (field.type === 'text' || field.type === 'boolean') {
        throw invalid(
          at,
          `'range' applies to numbers, dates, datetimes and times; '${field.name}' is a ${field.type}.`,
        );
      }
      const bounds: Partial<Record<'gt' | 'gte' | 'lt' | 'lte', SearchLiteral>> = {};
      for (const bound of ['gt', 'gte', 'lt', 'lte'] as const) {
        if (body[bound] !== undefined && body[bound] !== null) {
          bounds[bound] = literalOf(field, body[bound], `${at}.${bound}`);
        }
      }
      if (Object.keys(bounds).length === 0)
        throw invalid(at, `'range' needs one of 'gt', 'gte', 'lt', 'lte'.`);
      return { kind, field, bounds, boost };
    }
    case 'exists':
      return { kind, field, boost };
  }
}

function nodeOf(value: unknown, at: string, resolve: SearchFieldResolver, budget: Budget): SearchNode {
  if (!isObject(value)) throw invalid(at, 'an expression is an object.');
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  if (keys.length !== 1) {
    throw invalid(at, `an expression has exactly one of ${[...COMPOUND, ...SIMPLE].join(', ')}.`);
  }
  const [kind] = keys;
  budget.take(at);
  const here = `${at}.${kind}`;
  if ((COMPOUND as readonly string[]).includes(kind)) {
    const list = value[kind];
    // `not` takes one expression or a list of them (SDK: `not: SearchQuery[]`).
    const items = kind === 'not' && isObject(list) ? [list] : list;
    if (!Array.isArray(items) || items.length === 0)
      throw invalid(here, `'${kind}' takes a non-empty array of expressions.`);
    const nodes = items.map((item, index) => nodeOf(item, `${here}[${index}]`, resolve, budget));
    return { kind: kind as 'and' | 'or' | 'not' | 'filter', nodes };
  }
  if ((SIMPLE as readonly string[]).includes(kind)) {
    return simpleOf(kind as (typeof SIMPLE)[number], value[kind], here, resolve);
  }
  throw invalid(here, `unknown expression '${kind}'.`);
}

/** The request's `query` (or a sort or facet filter) as a checked expression tree. */
export function parseSearchQuery(value: unknown, at: string, resolve: SearchFieldResolver): SearchNode {
  return nodeOf(value, at, resolve, new Budget());
}

/** Every simple expression of a tree, with whether it scores (outside `filter` and `not`). */
export function simpleNodes(node: SearchNode, scoring = true): Array<{ node: SearchNode; scoring: boolean }> {
  if (node.kind === 'and' || node.kind === 'or')
    return node.nodes.flatMap((child) => simpleNodes(child, scoring));
  if (node.kind === 'not' || node.kind === 'filter')
    return node.nodes.flatMap((child) => simpleNodes(child, false));
  return [{ node, scoring }];
}

/** `limit` and `offset` of a search request, in the live API's bounds (docs/SEARCH.md). */
export function searchPagingOf(
  body: Record<string, unknown>,
  bounds: { maxLimit: number; maxOffset: number; defaultLimit: number },
): { limit: number; offset: number } {
  const integer = (name: 'limit' | 'offset', fallback: number, max: number) => {
    const value = body[name];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      throw Errors.invalidInput(`Invalid search request: '${name}' must be an integer from 0 to ${max}.`);
    }
    return value;
  };
  return {
    limit: integer('limit', bounds.defaultLimit, bounds.maxLimit),
    offset: integer('offset', 0, bounds.maxOffset),
  };
}
