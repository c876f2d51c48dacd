import { malformed } from '../errors.js';
import { parseExpand } from '../expand/expand-path.js';

export interface QueryParams {
  where: string[];
  sort: string[];
  expand: string[];
  /** Input variables from `var.<name>` parameters, each with all its values. */
  vars: Record<string, string[]>;
  limit: number;
  offset: number;
  withTotal: boolean;
}

export type RawQuery = Record<string, string | string[] | undefined>;

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 500;
export const MAX_OFFSET = 10_000;

const VARIABLE_PARAMETER = /^var\.(.*)$/s;
const VARIABLE_NAME = /^[a-zA-Z0-9]+$/;

function all(raw: RawQuery, name: string): string[] {
  const value = Object.hasOwn(raw, name) ? raw[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A parameter given once; the same value repeated is accepted (the SDK's `process` helper repeats `withTotal`). */
function single(raw: RawQuery, name: string): string | undefined {
  const values = all(raw, name);
  if (new Set(values).size > 1) throw malformed(name, 'must be given only once.');
  return values[0];
}

function integer(raw: RawQuery, name: string, fallback: number, max: number): number {
  const text = single(raw, name);
  if (text === undefined) return fallback;
  const value = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value <= max)) throw malformed(name, `must be an integer between 0 and ${max}.`);
  return value;
}

function boolean(raw: RawQuery, name: string, fallback: boolean): boolean {
  const text = single(raw, name);
  if (text === undefined) return fallback;
  if (text !== 'true' && text !== 'false') throw malformed(name, 'must be true or false.');
  return text === 'true';
}

function variables(raw: RawQuery): Record<string, string[]> {
  const vars: Record<string, string[]> = {};
  for (const parameter of Object.keys(raw)) {
    const name = VARIABLE_PARAMETER.exec(parameter)?.[1];
    if (name === undefined) continue;
    if (!VARIABLE_NAME.test(name))
      throw malformed(parameter, 'input variable names consist of letters and digits.');
    const values = all(raw, parameter);
    if (values.length > 0) vars[name] = values;
  }
  return vars;
}

/**
 * Reads the query conventions from a decoded query string (repeated parameters as arrays): `where`, `sort` and
 * `expand` (repeatable), `var.<name>`, `limit` (0..500, default 20), `offset` (0..10000, default 0) and
 * `withTotal` (default true). Anything out of range, and an `expand` path that is no path, is a 400 InvalidInput
 * naming the parameter.
 */
export function parseQueryParams(raw: RawQuery): QueryParams {
  const expand = all(raw, 'expand');
  // Checked here, before anything is done: a write that expands its answer is refused before it is made.
  parseExpand(expand);
  return {
    where: all(raw, 'where'),
    sort: all(raw, 'sort'),
    expand,
    vars: variables(raw),
    limit: integer(raw, 'limit', DEFAULT_LIMIT, MAX_LIMIT),
    offset: integer(raw, 'offset', 0, MAX_OFFSET),
    withTotal: boolean(raw, 'withTotal', true),
  };
}
