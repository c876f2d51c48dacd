import { whereError } from '../errors.js';
import type { ComparisonOperator } from '../predicate/ast.js';
import { isScalar, type FieldSpec } from '../schema.js';
import type { CompileContext } from './context.js';
import { typedValue, typeOfValue, type TypedValue, type Value } from './literals.js';
import { describeSpec, jsonSql, textSql, type Target } from './scope.js';

/** The positive comparison operators; `!=` compiles as the negation of `=`. */
export type PositiveOperator = Exclude<ComparisonOperator, '!='>;

export function operatorError(operator: string, target: Target): Error {
  if (target.spec.type === 'localizedString') {
    return whereError(
      `The field '${target.label}' is a localized string; query one locale, e.g. ${target.label}(en = "value").`,
    );
  }
  return whereError(
    `The operator '${operator}' cannot be used on the field '${target.label}' of type ${describeSpec(target.spec)}.`,
  );
}

/** A predicate on every element of an array field: true when any one element satisfies it. */
export function anyElement(
  target: Target,
  context: CompileContext,
  body: (element: Target) => string,
): string {
  if (target.spec.type !== 'array') throw new Error('anyElement needs an array field');
  const json = jsonSql(target.location, context.params);
  const alias = `e${++context.aliases}`;
  const element: Target = {
    spec: target.spec.of,
    location: { anchor: `${alias}.value`, path: [] },
    label: target.label,
  };
  return (
    `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} END)` +
    ` AS ${alias}(value) WHERE ${body(element)})`
  );
}

/** Whether the field holds scalars (or values of unknown type) that comparisons apply to, possibly in an array. */
export function holdsScalars(spec: FieldSpec): boolean {
  const element = spec.type === 'array' ? spec.of : spec;
  return isScalar(element) || element.type === 'any';
}

function placeholder(typed: TypedValue, context: CompileContext): string {
  return `${context.params.add(typed.param)}::${typed.cast}`;
}

function columnComparison(
  column: string,
  operator: PositiveOperator,
  typed: TypedValue,
  context: CompileContext,
) {
  if (typed.type === 'string') return `${column} ${operator} ${context.params.add(typed.param)}`;
  return `${column} ${operator} ${placeholder(typed, context)}`;
}

function documentComparison(
  target: Target,
  operator: PositiveOperator,
  typed: TypedValue,
  context: CompileContext,
) {
  const { params } = context;
  const exactJson = typed.type !== 'datetime' && typed.type !== 'time';
  if (operator === '=' && exactJson)
    return `${jsonSql(target.location, params)} = ${params.add(typed.json)}::jsonb`;
  switch (typed.type) {
    case 'boolean':
      throw operatorError(operator, target);
    case 'string':
      return `${textSql(target.location, params)} ${operator} ${params.add(typed.param)}::text`;
    case 'number':
    case 'datetime':
    case 'date':
    case 'time':
      return `${textSql(target.location, params)}::${castOf(typed)} ${operator} ${placeholder(typed, context)}`;
  }
}

function castOf(typed: TypedValue): string {
  return typed.cast === 'bigint' ? 'numeric' : typed.cast;
}

/** A value of unknown type compared by the literal's type; values of another JSON type never match. */
function untypedComparison(
  target: Target,
  operator: PositiveOperator,
  typed: TypedValue,
  context: CompileContext,
) {
  const { params } = context;
  const json = jsonSql(target.location, params);
  if (operator === '=') return `${json} = ${params.add(typed.json)}::jsonb`;
  switch (typed.type) {
    case 'string':
      return `(CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${json} #>> '{}' END) ${operator} ${params.add(typed.param)}::text`;
    case 'number':
      return `(CASE WHEN jsonb_typeof(${json}) = 'number' THEN (${json} #>> '{}')::numeric END) ${operator} ${placeholder(typed, context)}`;
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      throw operatorError(operator, target);
  }
}

/** `field <op> value` for a scalar, an `any` value or (any element of) an array of those. */
export function comparisonSql(
  target: Target,
  operator: PositiveOperator,
  value: Value,
  context: CompileContext,
): string {
  const { spec } = target;
  if (spec.type === 'array' && holdsScalars(spec)) {
    return anyElement(target, context, (element) => comparisonSql(element, operator, value, context));
  }
  if (spec.type === 'any') {
    return untypedComparison(target, operator, typedValue(value, typeOfValue(value), target.label), context);
  }
  if (!isScalar(spec) || (spec.type === 'boolean' && operator !== '=')) throw operatorError(operator, target);
  const typed = typedValue(value, spec.type, target.label);
  return target.column
    ? columnComparison(target.column, operator, typed, context)
    : documentComparison(target, operator, typed, context);
}

/**
 * `column = ANY($n::type[])` for a column field: one parameter however many values, so lists of any length
 * share one statement (and its prepared plan). Undefined for other fields (they compile as `=` alternatives).
 */
export function columnInSql(target: Target, values: Value[], context: CompileContext): string | undefined {
  const { spec, column } = target;
  if (!column || !isScalar(spec)) return undefined;
  const typed = values.map((value) => typedValue(value, spec.type, target.label));
  // The list is not empty (the grammar asks for a value). Whole and decimal numbers together compare as numeric.
  const cast = typed.some((value) => value.cast === 'numeric') ? 'numeric' : typed[0].cast;
  const list = context.params.add(typed.map((value) => value.param));
  return `${column} = ANY(${list}::${cast}[])`;
}

/** `lower(field) = lower(value)`: equality ignoring case, for strings. */
export function matchesIgnoreCaseSql(target: Target, value: Value, context: CompileContext): string {
  const { spec, label } = target;
  if (spec.type === 'array' && holdsScalars(spec)) {
    return anyElement(target, context, (element) => matchesIgnoreCaseSql(element, value, context));
  }
  if (spec.type !== 'string' && spec.type !== 'any') throw operatorError('matches ignore case', target);
  const typed = typedValue(value, 'string', label);
  const { params } = context;
  let text: string;
  if (target.column) text = target.column;
  else if (spec.type === 'string') text = textSql(target.location, params);
  else {
    const json = jsonSql(target.location, params);
    text = `CASE WHEN jsonb_typeof(${json}) = 'string' THEN ${json} #>> '{}' END`;
  }
  return `lower(${text}) = lower(${params.add(typed.param)}::text)`;
}

export function definedSql(target: Target, context: CompileContext): string {
  if (target.column) return `${target.column} IS NOT NULL`;
  return `jsonb_typeof(${jsonSql(target.location, context.params)}) <> 'null'`;
}

/** Missing, `null` and `[]` are empty. */
export function emptySql(target: Target, context: CompileContext): string {
  if (target.spec.type !== 'array' && target.spec.type !== 'any') throw operatorError('is empty', target);
  const json = jsonSql(target.location, context.params);
  return `coalesce(${json}, 'null'::jsonb) IN ('null'::jsonb, '[]'::jsonb)`;
}
