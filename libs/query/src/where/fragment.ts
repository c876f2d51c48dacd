import type { FieldPredicate, Predicate } from '../predicate/ast.js';
import { isScalar, type FieldSpec } from '../schema.js';
import type { SqlParams } from '../sql-params.js';
import type { CompileContext } from './context.js';
import { resolveList, resolveSingle, typedValue, typeOfValue, type Value } from './literals.js';
import {
  asArray,
  childrenOf,
  resolveField,
  type Location,
  type PathKey,
  type Scope,
  type Target,
} from './scope.js';

/**
 * A JSON value that a document must contain (`@>`) for a predicate to hold. Containment uses the GIN index
 * (`jsonb_path_ops`), so equality, `contains all` and nested conjunctions of those compile to it where possible.
 */
export type Fragment =
  | { kind: 'scalar'; json: string }
  | { kind: 'array'; items: Fragment[] }
  | { kind: 'object'; entries: Map<string, Fragment> };

export function fragmentJson(fragment: Fragment): string {
  switch (fragment.kind) {
    case 'scalar':
      return fragment.json;
    case 'array':
      return `[${fragment.items.map(fragmentJson).join(',')}]`;
    case 'object':
      return `{${[...fragment.entries].map(([key, value]) => `${JSON.stringify(key)}:${fragmentJson(value)}`).join(',')}}`;
  }
}

/** Both fragments at once, or undefined if they cannot be one (two different scalars for the same key). */
export function mergeFragments(a: Fragment, b: Fragment): Fragment | undefined {
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: [...a.items, ...b.items] };
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.json === b.json ? a : undefined;
  if (a.kind !== 'object' || b.kind !== 'object') return undefined;
  const entries = new Map(a.entries);
  for (const [key, value] of b.entries) {
    const existing = entries.get(key);
    const merged = existing ? mergeFragments(existing, value) : value;
    if (!merged) return undefined;
    entries.set(key, merged);
  }
  return { kind: 'object', entries };
}

function wrap(path: PathKey[], fragment: Fragment): Fragment {
  return path.reduceRight<Fragment>(
    (inner, key) => ({ kind: 'object', entries: new Map([[key.name, inner]]) }),
    fragment,
  );
}

/** `anchor @> $n::jsonb`, the fragment placed at the location's path. */
export function containmentSql(location: Location, fragment: Fragment, params: SqlParams): string {
  const operator = location.path.length === 0 && fragment.kind === 'scalar' ? '=' : '@>';
  return `${location.anchor} ${operator} ${params.add(fragmentJson(wrap(location.path, fragment)))}::jsonb`;
}

/** The fragment an element equal to `value` contributes, for scalar types whose JSON form is exact. */
function scalarFragment(spec: FieldSpec, value: Value, label: string): Fragment | undefined {
  if (spec.type === 'any') return { kind: 'scalar', json: typedValue(value, typeOfValue(value), label).json };
  if (!isScalar(spec) || spec.type === 'datetime' || spec.type === 'time') return undefined;
  return { kind: 'scalar', json: typedValue(value, spec.type, label).json };
}

/** The fragment for "the field equals value" (for an array: "an element equals value"). */
export function valueFragment(target: Target, value: Value): Fragment | undefined {
  if (target.column) return undefined;
  const { spec } = target;
  if (spec.type !== 'array') return scalarFragment(spec, value, target.label);
  const element = scalarFragment(spec.of, value, target.label);
  return element && { kind: 'array', items: [element] };
}

/** The fragment of the field's value for a positive field predicate, or undefined if it has none. */
export function fieldFragment(
  predicate: FieldPredicate,
  target: Target,
  context: CompileContext,
): Fragment | undefined {
  if (target.column) return undefined;
  const { spec } = target;
  switch (predicate.kind) {
    case 'compare':
      return predicate.operator === '='
        ? valueFragment(target, resolveSingle(predicate.value, context.vars))
        : undefined;
    case 'contains': {
      const array = asArray(target).spec;
      if (predicate.mode !== 'all' || array.type !== 'array') return undefined;
      const items = resolveList(predicate.values, context.vars).map((v) =>
        scalarFragment(array.of, v, target.label),
      );
      return items.every((item) => item !== undefined) ? { kind: 'array', items } : undefined;
    }
    case 'nested': {
      const element = spec.type === 'array' ? spec.of : spec;
      const children = childrenOf(element);
      if (!children) return undefined;
      const root = spec.type !== 'array' && target.columnsInside === true;
      const scope: Scope = { location: target.location, root, children, label: target.label };
      const inner = scopeFragment(predicate.predicate, scope, context);
      return inner && (spec.type === 'array' ? { kind: 'array', items: [inner] } : inner);
    }
    case 'in':
    case 'defined':
    case 'empty':
    case 'withinCircle':
    case 'matchesIgnoreCase':
      return undefined;
  }
}

/** The object fragment the scope's value must contain for the predicate to hold, or undefined. */
export function scopeFragment(
  predicate: Predicate,
  scope: Scope,
  context: CompileContext,
): Fragment | undefined {
  if (predicate.kind === 'or' || predicate.kind === 'not') return undefined;
  if (predicate.kind === 'and') {
    let merged: Fragment | undefined = { kind: 'object', entries: new Map() };
    for (const operand of predicate.operands) {
      const fragment = scopeFragment(operand, scope, context);
      merged = fragment && merged && mergeFragments(merged, fragment);
      if (!merged) return undefined;
    }
    return merged;
  }
  const target = resolveField(scope, predicate.field);
  const fragment = fieldFragment(predicate, target, context);
  const key = target.location.path[target.location.path.length - 1];
  return fragment && { kind: 'object', entries: new Map([[key.name, fragment]]) };
}

/**
 * `in` on a document field as one SQL/JSON path match, `doc @@ 'strict $."a"."b" == "x" || $."a"."b" == "y"'`
 * (the path as a parameter): the GIN index (`jsonb_path_ops`) serves it as it serves containment, and
 * PostgreSQL estimates it as one condition. As OR-ed containments, each value was estimated on its own, so
 * ten values looked like a tenth of the table and the planner walked the table in sort order, testing every
 * document, instead of asking the index for the few that match. Strict mode: like containment, a value
 * inside an array at the path does not match. Undefined where it does not apply (fewer than two values, a
 * column, an array field or an array's elements, a type without an exact JSON form).
 */
export function jsonPathInSql(target: Target, values: Value[], params: SqlParams): string | undefined {
  const { spec, location } = target;
  if (values.length < 2 || target.column || location.anchor !== 'doc' || spec.type === 'array')
    return undefined;
  const fragments = values.map((value) => scalarFragment(spec, value, target.label));
  if (fragments.some((fragment) => fragment?.kind !== 'scalar')) return undefined;
  const path = `$${location.path.map((key) => `.${JSON.stringify(key.name)}`).join('')}`;
  const tests = fragments.map((fragment) => `${path} == ${fragmentJson(fragment!)}`);
  return `${location.anchor} @@ ${params.add(`strict ${tests.join(' || ')}`)}::jsonpath`;
}
