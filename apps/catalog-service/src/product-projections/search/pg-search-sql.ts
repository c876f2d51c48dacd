import { Errors } from '@commerce/errors';
import type { Bound, Condition, FilterExpression, Literal } from './search-expression.js';
import { jsonPathOf, searchFieldOf, type SearchField } from './search-fields.js';

/** Positional parameters of one statement. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A compiled filter: a condition on the product row `s`, or on one variant `v` (a jsonb value). */
export interface CompiledFilter {
  level: 'product' | 'variant';
  sql: string;
}

function literalOf(value: Literal | Bound): Literal {
  if (value === null) throw new Error('unbounded');
  return value;
}

/**
 * A jsonpath predicate over the field's values: equal to one of the values, or within one of the ranges
 * (`to` inclusive for filters, exclusive for facet ranges).
 */
function pathPredicate(
  field: SearchField,
  condition: Extract<Condition, { kind: 'values' | 'ranges' }>,
  toInclusive: boolean,
): { path: string; vars: Record<string, Literal> } {
  const vars: Record<string, Literal> = {};
  const variable = (value: Literal) => {
    const name = `v${Object.keys(vars).length}`;
    vars[name] = value;
    return `$${name}`;
  };
  const alternatives =
    condition.kind === 'values'
      ? condition.values.map((entry) => {
          if (!('value' in entry)) throw new Error('subtree');
          return `@ == ${variable(entry.value)}`;
        })
      : condition.ranges.map(({ from, to }) => {
          const parts = [
            ...(from !== null ? [`@ >= ${variable(literalOf(from))}`] : []),
            ...(to !== null ? [`@ ${toInclusive ? '<=' : '<'} ${variable(literalOf(to))}`] : []),
          ];
          return parts.length > 0 ? `(${parts.join(' && ')})` : 'exists(@)';
        });
  return { path: `${jsonPathOf(field)} ? (${alternatives.join(' || ')})`, vars };
}

/** The SQL condition that a category with the given id, or one of its descendants, is among the product's. */
function subtreeSql(id: string, params: Params): string {
  const p = params.add(id);
  return `EXISTS (SELECT 1 FROM jsonb_array_elements(s.doc->'categories') c
    JOIN "catalog"."categories" k ON k.project_key = s.project_key AND k.id = c.value->>'id'
    WHERE k.id = ${p} OR k.doc->'ancestors' @> jsonb_build_array(jsonb_build_object('id', ${p}::text)))`;
}

/** A condition on `target` (`s.doc` or a variant) for one field. */
export function conditionSql(
  field: SearchField,
  condition: Condition,
  target: string,
  params: Params,
  toInclusive = true,
): string {
  switch (condition.kind) {
    case 'exists':
      return `jsonb_path_exists(${target}, ${params.add(jsonPathOf(field))}::jsonpath)`;
    case 'missing':
      return `NOT jsonb_path_exists(${target}, ${params.add(jsonPathOf(field))}::jsonpath)`;
    case 'values':
    case 'ranges': {
      const subtrees = condition.kind === 'values' ? condition.values.filter((v) => 'subtree' in v) : [];
      if (subtrees.length > 0 && !field.categories) {
        throw Errors.invalidInput(`subtree(...) applies to categories.id only.`);
      }
      const plain =
        condition.kind === 'values'
          ? { kind: 'values' as const, values: condition.values.filter((v) => 'value' in v) }
          : condition;
      const alternatives = subtrees.map((entry) => subtreeSql(entry.subtree, params));
      if (plain.kind === 'ranges' || plain.values.length > 0) {
        const { path, vars } = pathPredicate(field, plain, toInclusive);
        alternatives.push(
          `jsonb_path_exists(${target}, ${params.add(path)}::jsonpath, ${params.add(JSON.stringify(vars))}::jsonb)`,
        );
      }
      return alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(' OR ')})`;
    }
  }
}

/** One filter expression, as a condition on the product row `s` or on a variant `v.value`. */
export function compileFilter(expression: FilterExpression, params: Params): CompiledFilter {
  const field = searchFieldOf(expression.path);
  const target = field.level === 'product' ? 's.doc' : 'v.value';
  return { level: field.level, sql: conditionSql(field, expression.condition, target, params) };
}

/**
 * Filters as one condition on `s`: the product ones each, the variant ones together on one variant
 * (a product matches when one of its variants matches all of them).
 */
export function filtersSql(filters: CompiledFilter[]): { product: string; variant: string } {
  const product = filters.filter((f) => f.level === 'product').map((f) => f.sql);
  const variant = filters.filter((f) => f.level === 'variant').map((f) => f.sql);
  return {
    product: product.length > 0 ? product.join(' AND ') : 'TRUE',
    variant: variant.length > 0 ? variant.join(' AND ') : 'TRUE',
  };
}

/** The condition that a product has a variant meeting `variantSql`. */
export function hasVariantSql(variantSql: string): string {
  return variantSql === 'TRUE'
    ? 'TRUE'
    : `EXISTS (SELECT 1 FROM jsonb_array_elements(s.variants) v WHERE ${variantSql})`;
}
