import { whereError } from '../errors.js';
import type { Literal } from '../predicate/ast.js';
import type { ScalarType } from '../schema.js';

/** A literal after input variables were replaced by their values (which always arrive as strings). */
export type Value =
  | { kind: 'string'; value: string; fromVariable?: boolean }
  | { kind: 'number'; value: number; text: string }
  | { kind: 'boolean'; value: boolean };

export type Variables = Record<string, string[]>;

/** A value converted for one scalar type: the SQL parameter, its cast and (where exact) its JSON form. */
export interface TypedValue {
  type: ScalarType;
  param: string;
  cast: string;
  json: string;
}

const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;
const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const TIME = /^([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,6})?)?$/;
const DATETIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,9}))?)?)?(Z|z|[+-][0-9]{2}:?[0-9]{2})?$/;

/** All values of a list, a variable standing for each of its values. */
export function resolveList(literals: Literal[], vars: Variables): Value[] {
  return literals.flatMap((literal) =>
    literal.kind === 'variable' ? variableValues(literal.name, vars).map(fromVariable) : [literal],
  );
}

/** One value; a variable must have exactly one. */
export function resolveSingle(literal: Literal, vars: Variables): Value {
  if (literal.kind !== 'variable') return literal;
  const values = variableValues(literal.name, vars);
  if (values.length > 1) {
    throw whereError(
      `The parameter ${literal.name} has ${values.length} values; only 'in' and 'contains' take several.`,
    );
  }
  return fromVariable(values[0]);
}

function variableValues(name: string, vars: Variables): string[] {
  const values = Object.hasOwn(vars, name) ? vars[name] : undefined;
  if (!values || values.length === 0) throw whereError(`Missing parameter value for ${name}`);
  return values;
}

function fromVariable(value: string): Value {
  return { kind: 'string', value, fromVariable: true };
}

export function describeValue(value: Value): string {
  switch (value.kind) {
    case 'string':
      return JSON.stringify(value.value);
    case 'number':
      return value.text;
    case 'boolean':
      return String(value.value);
  }
}

/** The scalar type a value of unknown field type (`any`) is compared as. */
export function typeOfValue(value: Value): 'string' | 'number' | 'boolean' {
  return value.kind;
}

/** Converts a value for a field of the given type, or throws a 400 naming the field. */
export function typedValue(value: Value, type: ScalarType, field: string): TypedValue {
  const mismatch = (expected: string) =>
    whereError(`The field '${field}' expects ${expected}, but got ${describeValue(value)}.`);
  switch (type) {
    case 'string':
      if (value.kind !== 'string') throw mismatch('a string');
      return { type, param: value.value, cast: 'text', json: JSON.stringify(value.value) };
    case 'number': {
      const text = numberText(value);
      if (text === undefined) throw mismatch('a number');
      return { type, param: text, cast: /^-?[0-9]{1,18}$/.test(text) ? 'bigint' : 'numeric', json: text };
    }
    case 'boolean': {
      const bool = booleanOf(value);
      if (bool === undefined) throw mismatch('a boolean (true or false)');
      return { type, param: String(bool), cast: 'boolean', json: String(bool) };
    }
    case 'datetime': {
      const iso = value.kind === 'string' ? parseDateTime(value.value) : undefined;
      if (iso === undefined) throw mismatch('a datetime such as "2021-06-01T00:00:00.000Z"');
      return { type, param: iso, cast: 'timestamptz', json: JSON.stringify(iso) };
    }
    case 'date':
      if (value.kind !== 'string' || !isDate(value.value)) throw mismatch('a date such as "2021-06-01"');
      return { type, param: value.value, cast: 'date', json: JSON.stringify(value.value) };
    case 'time':
      if (value.kind !== 'string' || !isTime(value.value)) throw mismatch('a time such as "13:45:00.000"');
      return { type, param: value.value, cast: 'time', json: JSON.stringify(value.value) };
  }
}

/** The decimal text of a number literal or of a numeric variable value. */
export function numberText(value: Value): string | undefined {
  if (value.kind === 'number') return value.text;
  if (value.kind === 'string' && value.fromVariable && NUMBER.test(value.value)) {
    return Number.isFinite(Number(value.value)) ? normaliseDigits(value.value) : undefined;
  }
  return undefined;
}

function normaliseDigits(text: string): string {
  return text.replace(/^(-?)0+(?=[0-9])/, '$1');
}

function booleanOf(value: Value): boolean | undefined {
  if (value.kind === 'boolean') return value.value;
  if (value.kind === 'string' && value.fromVariable && (value.value === 'true' || value.value === 'false')) {
    return value.value === 'true';
  }
  return undefined;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  return match !== null && validDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function isTime(text: string): boolean {
  const match = TIME.exec(text);
  return match !== null && Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3] ?? 0) <= 59;
}

/** An ISO 8601 datetime (a zone-less one is UTC) as `YYYY-MM-DDTHH:mm:ss.sssZ`, or undefined if it is not one. */
export function parseDateTime(text: string): string | undefined {
  const match = DATETIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const offset = offsetMinutes(match[8]);
  if (offset === undefined) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  date.setTime(date.getTime() - offset * 60_000);
  const iso = date.toISOString();
  return /^[0-9]{4}-/.test(iso) && !iso.startsWith('0000') ? iso : undefined;
}

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 14 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
