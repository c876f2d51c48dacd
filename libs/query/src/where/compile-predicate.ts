import { whereError } from '../errors.js';
import type { FieldPredicate, Predicate } from '../predicate/ast.js';
import type { CompileContext } from './context.js';
import {
  anyElement,
  columnInSql,
  comparisonSql,
  definedSql,
  emptySql,
  holdsScalars,
  matchesIgnoreCaseSql,
  operatorError,
} from './field-sql.js';
import {
  containmentSql,
  fieldFragment,
  jsonPathInSql,
  mergeFragments,
  scopeFragment,
  valueFragment,
  type Fragment,
} from './fragment.js';
import { withinCircleSql } from './geo-sql.js';
import { resolveList, resolveSingle, type Value } from './literals.js';
import { asArray, childrenOf, describeSpec, resolveField, type Scope, type Target } from './scope.js';

/**
 * Compiles a predicate evaluated against `scope` into a SQL boolean. Every atom is true, false or NULL, and NULL
 * (a missing field) counts as false: negation is `IS NOT TRUE`, so `!=`, `not in`, `is not defined` and `not (...)`
 * match documents where the field is missing.
 */
export function compilePredicate(predicate: Predicate, scope: Scope, context: CompileContext): string {
  if (predicate.kind === 'and') return compileAnd(predicate.operands, scope, context);
  if (predicate.kind === 'or') {
    return `(${predicate.operands.map((operand) => compilePredicate(operand, scope, context)).join(' OR ')})`;
  }
  if (predicate.kind === 'not') return negate(compilePredicate(predicate.operand, scope, context));
  return compileField(predicate, scope, context);
}

function negate(sql: string): string {
  return `(${sql}) IS NOT TRUE`;
}

/**
 * Conjuncts that compile to containment are merged into as few `@>` tests as possible; each merged test takes the
 * place of its first conjunct.
 */
function compileAnd(operands: Predicate[], scope: Scope, context: CompileContext): string {
  const groups = new Map<number, Fragment>();
  const grouped = new Set<number>();
  let last: number | undefined;
  operands.forEach((operand, index) => {
    const fragment = context.containment ? scopeFragment(operand, scope, context) : undefined;
    if (!fragment) return;
    grouped.add(index);
    const merged = last === undefined ? undefined : mergeFragments(groups.get(last)!, fragment);
    if (merged && last !== undefined) groups.set(last, merged);
    else groups.set((last = index), fragment);
  });
  const parts: string[] = [];
  operands.forEach((operand, index) => {
    const group = groups.get(index);
    if (group) parts.push(containmentSql(scope.location, group, context.params));
    else if (!grouped.has(index)) parts.push(compilePredicate(operand, scope, context));
  });
  return `(${parts.join(' AND ')})`;
}

function compileField(predicate: FieldPredicate, scope: Scope, context: CompileContext): string {
  const target = resolveField(scope, predicate.field);
  if (predicate.kind === 'compare' && predicate.operator === '!=') {
    return negate(compileField({ ...predicate, operator: '=' }, scope, context));
  }
  if (
    (predicate.kind === 'in' || predicate.kind === 'defined' || predicate.kind === 'empty') &&
    predicate.negated
  ) {
    return negate(compileField({ ...predicate, negated: false }, scope, context));
  }
  const fragment = context.containment ? fieldFragment(predicate, target, context) : undefined;
  if (fragment) return containmentSql(target.location, fragment, context.params);
  return compileStructural(predicate, target, context);
}

function compileStructural(predicate: FieldPredicate, target: Target, context: CompileContext): string {
  switch (predicate.kind) {
    case 'compare':
      if (predicate.operator === '!=') throw new Error('!= is compiled as a negation');
      return comparisonSql(target, predicate.operator, resolveSingle(predicate.value, context.vars), context);
    case 'in': {
      const values = resolveList(predicate.values, context.vars);
      if (!holdsScalars(target.spec)) throw operatorError('in', target);
      return (
        columnInSql(target, values, context) ??
        (context.containment ? jsonPathInSql(target, values, context.params) : undefined) ??
        anyOf(values.map((value) => equality(target, value, context)))
      );
    }
    case 'contains':
      return containsSql(target, predicate.mode, resolveList(predicate.values, context.vars), context);
    case 'nested':
      return nestedSql(target, predicate.predicate, context);
    case 'defined':
      return definedSql(target, context);
    case 'empty':
      return emptySql(target, context);
    case 'withinCircle':
      return withinCircleSql(target, predicate, context);
    case 'matchesIgnoreCase':
      return matchesIgnoreCaseSql(target, resolveSingle(predicate.value, context.vars), context);
  }
}

function anyOf(parts: string[]): string {
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
}

/** The field (for an array: an element) equals the value, as containment where it can be. */
function equality(target: Target, value: Value, context: CompileContext): string {
  const fragment = context.containment ? valueFragment(target, value) : undefined;
  return fragment
    ? containmentSql(target.location, fragment, context.params)
    : comparisonSql(target, '=', value, context);
}

function containsSql(field: Target, mode: 'any' | 'all', values: Value[], context: CompileContext): string {
  const target = asArray(field);
  if (target.spec.type !== 'array' || !holdsScalars(target.spec)) {
    throw whereError(
      `The operator 'contains ${mode}' needs an array of values, but the field '${target.label}' is of type ${describeSpec(target.spec)}.`,
    );
  }
  const parts = values.map((value) => equality(target, value, context));
  if (mode === 'any') return anyOf(parts);
  return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

function nestedSql(target: Target, inner: Predicate, context: CompileContext): string {
  const { spec, label } = target;
  const element = spec.type === 'array' ? spec.of : spec;
  const children = childrenOf(element);
  if (!children)
    throw whereError(
      `The field '${label}' of type ${describeSpec(spec)} has no fields to query with '${label}(...)'.`,
    );
  if (spec.type !== 'array') {
    const root = target.columnsInside === true;
    return compilePredicate(inner, { location: target.location, root, children, label }, context);
  }
  return anyElement(target, context, (item) =>
    compilePredicate(inner, { location: item.location, root: false, children, label }, context),
  );
}
