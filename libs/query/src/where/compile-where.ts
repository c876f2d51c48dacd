import { whereError } from '../errors.js';
import { parsePredicate } from '../predicate/parser.js';
import type { QuerySchema } from '../schema.js';
import type { SqlParams } from '../sql-params.js';
import { compilePredicate } from './compile-predicate.js';
import type { Variables } from './literals.js';
import { rootScope } from './scope.js';

/** Most parameters one `where` may bind (PostgreSQL allows 65,535 per statement). */
export const MAX_WHERE_PARAMETERS = 10_000;

export interface CompileOptions {
  /** Compile equality to JSONB containment where possible (default true). */
  containment?: boolean;
}

/**
 * Translates `where` predicates (several are AND-ed) into one parameterised SQL boolean over a table with a
 * `doc jsonb` column and the schema's real columns. Values only ever reach SQL as parameters.
 */
export function compileWhere(
  where: string[],
  vars: Variables,
  schema: QuerySchema,
  params: SqlParams,
): string {
  return compileWhereWith(where, vars, schema, params, {});
}

export function compileWhereWith(
  where: string[],
  vars: Variables,
  schema: QuerySchema,
  params: SqlParams,
  options: CompileOptions,
): string {
  if (where.length === 0) return 'TRUE';
  const context = { params, vars, aliases: 0, containment: options.containment ?? true };
  const before = params.size;
  const parts = where.map((source) => compilePredicate(parsePredicate(source), rootScope(schema), context));
  // A list bound as one array parameter counts as its values.
  const bound = params.values
    .slice(before)
    .reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 1), 0);
  if (bound > MAX_WHERE_PARAMETERS) {
    throw whereError(`The predicate uses more than ${MAX_WHERE_PARAMETERS} values.`);
  }
  return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' AND ');
}
