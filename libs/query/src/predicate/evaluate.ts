import type { Literal, Predicate } from './ast.js';

/** Why a predicate could not be evaluated on a document (a compared field is missing, an unsupported form). */
export class PredicateEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PredicateEvaluationError';
  }
}

type Json = unknown;

function literalValue(literal: Literal): string | number | boolean {
  if (literal.kind === 'variable') {
    throw new PredicateEvaluationError(`The input variable :${literal.name} has no value here.`);
  }
  return literal.value;
}

/** The document's own field (never one of `Object.prototype`'s members: `valueOf`, `constructor`). */
const fieldOf = (document: Json, field: string): Json =>
  document !== null && typeof document === 'object' && Object.hasOwn(document, field)
    ? (document as Record<string, Json>)[field]
    : undefined;

function present(document: Json, field: string, path: string): Json {
  const value = Array.isArray(document) ? undefined : fieldOf(document, field);
  if (value === undefined || value === null) {
    throw new PredicateEvaluationError(`The field '${path}${field}' is not set on the resource.`);
  }
  return value;
}

function compareScalar(value: Json, operator: string, right: string | number | boolean): boolean {
  if (typeof value !== typeof right) return operator === '!=';
  const left = value as string | number | boolean;
  switch (operator) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    default:
      return left >= right;
  }
}

/** Any element of an array, or the value itself, satisfies the test. */
const any = (value: Json, test: (one: Json) => boolean): boolean =>
  Array.isArray(value) ? value.some(test) : test(value);

/**
 * Evaluates a parsed `where` predicate on one document in memory (an API Extension's trigger condition). A
 * field the predicate compares that the document lacks is an error, as the live API answers it; `is defined`
 * and `is not defined` test presence and never fail.
 */
export function evaluatePredicate(predicate: Predicate, document: Json, path = ''): boolean {
  switch (predicate.kind) {
    case 'and':
      return predicate.operands.every((operand) => evaluatePredicate(operand, document, path));
    case 'or':
      return predicate.operands.some((operand) => evaluatePredicate(operand, document, path));
    case 'not':
      return !evaluatePredicate(predicate.operand, document, path);
    case 'nested': {
      const value = present(document, predicate.field, path);
      return any(value, (one) => evaluatePredicate(predicate.predicate, one, `${path}${predicate.field}.`));
    }
    case 'compare': {
      const right = literalValue(predicate.value);
      const value = present(document, predicate.field, path);
      return any(value, (one) => compareScalar(one, predicate.operator, right));
    }
    case 'in': {
      const values = predicate.values.map(literalValue);
      const value = present(document, predicate.field, path);
      const found = any(value, (one) => values.some((candidate) => candidate === one));
      return predicate.negated ? !found : found;
    }
    case 'contains': {
      const values = predicate.values.map(literalValue);
      const value = present(document, predicate.field, path);
      const list = Array.isArray(value) ? value : [value];
      return predicate.mode === 'all'
        ? values.every((candidate) => list.includes(candidate))
        : values.some((candidate) => list.includes(candidate));
    }
    case 'defined': {
      const value = fieldOf(document, predicate.field);
      const defined = value !== undefined && value !== null;
      return predicate.negated ? !defined : defined;
    }
    case 'empty': {
      const value = present(document, predicate.field, path);
      const empty = Array.isArray(value) ? value.length === 0 : false;
      return predicate.negated ? !empty : empty;
    }
    case 'matchesIgnoreCase': {
      const right = String(literalValue(predicate.value)).toLowerCase();
      const value = present(document, predicate.field, path);
      return any(value, (one) => typeof one === 'string' && one.toLowerCase() === right);
    }
    case 'withinCircle':
      throw new PredicateEvaluationError('within circle is not evaluated in trigger conditions.');
  }
}
