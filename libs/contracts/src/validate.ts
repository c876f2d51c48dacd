import { isDeepStrictEqual } from 'node:util';
import { fastValidInstance } from './dto-fast-path.js';
import {
  hasConstructorKey,
  nestedElementProblems,
  opaquePropertiesOf,
  toInstance,
  type ClassConstructor,
} from './dto-transform.js';
import { validateSync, type ValidationError } from 'class-validator';
import { rememberValidationRules } from './internals/class-validator.js';

rememberValidationRules();

export type DtoResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const MAX_DEPTH = 64;

/** `COMMERCE_DTO_SHADOW=1` (the test suites): every request also takes the libraries' path, and a difference throws. */
const SHADOW = process.env.COMMERCE_DTO_SHADOW === '1';

const TOO_DEEP = 1;
const CONSTRUCTOR_KEY = 2;

/**
 * One walk over JSON without recursion, so hostile input can not overflow the stack: `TOO_DEEP` when it nests
 * deeper than `limit`; else `CONSTRUCTOR_KEY` when `constructorKeys` and some object has an own `constructor`
 * key (`hasConstructorKey`); else 0.
 */
function scanJson(value: unknown, limit: number, constructorKeys: boolean): number {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let found = 0;
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return TOO_DEEP;
    if (constructorKeys && found === 0 && Object.hasOwn(current, 'constructor')) found = CONSTRUCTOR_KEY;
    for (const child of Object.values(current)) {
      if (typeof child !== 'object' || child === null) continue;
      values.push(child);
      depths.push(depth + 1);
    }
  }
  return found;
}

/** Measures nesting depth without recursion, so hostile input can not overflow the stack. */
export function jsonDepthExceeds(value: unknown, limit = MAX_DEPTH): boolean {
  return scanJson(value, limit, false) === TOO_DEEP;
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    const isIndex = /^\d+$/.test(error.property);
    const own =
      error.property === 'idOrKey'
        ? ''
        : isIndex
          ? `[${error.property}]`
          : `${parent ? '.' : ''}${error.property}`;
    const path = `${parent}${own}`;
    for (const message of Object.values(error.constraints ?? {})) lines.push(`${path}: ${message}`);
    if (error.children?.length) lines.push(...flatten(error.children, path));
  }
  return lines;
}

/**
 * Validates untrusted JSON against a DTO class. Unknown properties are dropped (misspelled optional fields
 * are ignored, as the API promises); problems come back as `path: message` lines.
 */
export function validateDto<T extends object>(cls: ClassConstructor<T>, plain: unknown): DtoResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, problems: ['JSON object expected.'] };
  }
  // The depth check and the fast path's own `constructor` key test in one walk.
  const scanned = scanJson(plain, MAX_DEPTH, true);
  if (scanned === TOO_DEEP) return { ok: false, problems: [`JSON nesting deeper than ${MAX_DEPTH} levels.`] };
  const malformed = nestedElementProblems(cls, plain);
  if (malformed.length > 0) return { ok: false, problems: malformed };
  const constructorKey = scanned === CONSTRUCTOR_KEY;
  if (SHADOW) return shadowed(cls, plain, constructorKey);
  const fast = fastValidInstance(cls, plain, constructorKey);
  if (fast) return { ok: true, value: fast };
  return validateWithLibraries(cls, plain);
}

/** class-transformer's instance, validated by class-validator: the reference the fast path mirrors. */
function validateWithLibraries<T extends object>(cls: ClassConstructor<T>, plain: object): DtoResult<T> {
  const instance = toInstance(cls, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false },
  });
  if (errors.length > 0) return { ok: false, problems: flatten(errors) };
  return { ok: true, value: instance };
}

/** The fast path's answer, checked against the libraries' on a copy of the input. */
function shadowed<T extends object>(
  cls: ClassConstructor<T>,
  plain: object,
  constructorKey: boolean,
): DtoResult<T> {
  const before = JSON.stringify(plain);
  if (constructorKey !== hasConstructorKey(plain)) throw new Error('The JSON walk missed a constructor key.');
  const fast = fastValidInstance(cls, plain, constructorKey);
  const differs = (what: string) =>
    new Error(`The DTO fast path and the validation libraries differ on a ${cls.name}: ${what}`);
  if (JSON.stringify(plain) !== before) throw differs('the fast path changed its input');
  if (!fast) return validateWithLibraries(cls, plain);
  // The fast path builds from parsed JSON only, which this copies exactly (-0 and own `__proto__` keys too);
  // opaque fields go to both paths as they are.
  const copy = jsonCopy(plain) as Record<string, unknown>;
  for (const name of opaquePropertiesOf(cls) ?? [])
    if (Object.hasOwn(plain, name)) copy[name] = (plain as Record<string, unknown>)[name];
  const reference = validateWithLibraries(cls, copy);
  if (!reference.ok) throw differs(`only the libraries refuse: ${reference.problems.join('; ')}`);
  if (!isDeepStrictEqual(fast, reference.value))
    throw differs(`both accept, different instances at ${firstDifference(fast, reference.value)}`);
  return { ok: true, value: fast };
}

/** A copy of parsed JSON (depth already bounded), own `__proto__` keys kept as keys; `structuredClone` would
 * build it in Node's realm, not the caller's (Jest's). */
function jsonCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonCopy);
  if (typeof value !== 'object' || value === null) return value;
  const copy = {};
  for (const key of Object.keys(value))
    Object.defineProperty(copy, key, {
      value: jsonCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** Where two values first differ, as a path with the kinds found there (never the values: they may be secrets). */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  const kind = (value: unknown) =>
    typeof value === 'object' && value !== null
      ? `${(Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'null-prototype'}`
      : typeof value;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null || kind(a) !== kind(b))
    return `${path} (${kind(a)} / ${kind(b)})`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) return `${path}.${key} (present on one side only)`;
    if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
  }
  return `${path} (same own fields)`;
}
