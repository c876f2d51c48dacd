import { whereError } from '../errors.js';
import type { Predicate } from '../predicate/ast.js';
import { parsePredicate } from '../predicate/parser.js';
import { ownField, type QuerySchema } from '../schema.js';
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
  return compileSources(where, vars, schema, params, options, () => undefined);
}

export interface CompiledWhere {
  sql: string;
  /**
   * True when the predicates test only real columns for equality (`=`, `!=`, `in`, `is defined`, combined
   * with `and`, `or`, `not`): PostgreSQL then plans the statement the same whatever the values, so one
   * (generic) plan may serve every request of the shape. Ranges and document fields are planned better
   * with the values at hand (their selectivity depends on them).
   */
  samePlanForAllValues: boolean;
}

/** `compileWhere`, also telling whether one plan fits every value of the predicates (see CompiledWhere). */
export function compileWhereForPlan(
  where: string[],
  vars: Variables,
  schema: QuerySchema,
  params: SqlParams,
): CompiledWhere {
  let samePlanForAllValues = true;
  const sql = compileSources(where, vars, schema, params, {}, (tree) => {
    samePlanForAllValues &&= equalityOnColumns(tree, schema);
  });
  return { sql, samePlanForAllValues };
}

/** Parses and compiles each predicate in turn (the first problem is the one reported), showing each tree. */
function compileSources(
  where: string[],
  vars: Variables,
  schema: QuerySchema,
  params: SqlParams,
  options: CompileOptions,
  parsed: (tree: Predicate) => void,
): string {
  if (where.length === 0) return 'TRUE';
  const context = { params, vars, aliases: 0, containment: options.containment ?? true };
  const before = params.size;
  const parts = where.map((source) => {
    const tree = parsePredicate(source);
    parsed(tree);
    return compilePredicate(tree, rootScope(schema), context);
  });
  // A list bound as one array parameter counts as its values.
  const bound = params.values
    .slice(before)
    .reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 1), 0);
  if (bound > MAX_WHERE_PARAMETERS) {
    throw whereError(`The predicate uses more than ${MAX_WHERE_PARAMETERS} values.`);
  }
  return parts.length === 1 ? parts[0] : parts.map((part) => `(${part})`).join(' AND ');
}

function equalityOnColumns(predicate: Predicate, schema: QuerySchema): boolean {
  switch (predicate.kind) {
    case 'and':
    case 'or':
      return predicate.operands.every((operand) => equalityOnColumns(operand, schema));
    case 'not':
      return equalityOnColumns(predicate.operand, schema);
    case 'compare':
      return (predicate.operator === '=' || predicate.operator === '!=') && isColumn(predicate.field, schema);
    case 'in':
    case 'defined':
      return isColumn(predicate.field, schema);
    case 'contains':
    case 'empty':
    case 'matchesIgnoreCase':
    case 'nested':
    case 'withinCircle':
      return false;
  }
}

function isColumn(field: string, schema: QuerySchema): boolean {
  const spec = ownField(schema, field);
  return spec !== undefined && 'column' in spec && spec.column !== undefined;
}
