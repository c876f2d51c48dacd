import { DEFAULT_LIMIT, MAX_LIMIT } from '@commerce/query';
import { getNamedType, GraphQLError, type ValidationRule } from 'graphql';
import { createComplexityRule, type ComplexityEstimatorArgs } from 'graphql-query-complexity';

/** Deepest field nesting a query may have (the operation's own selection set is depth 1). */
export const MAX_DEPTH = 10;
/** Highest estimated cost of one query; see `estimateComplexity`. */
export const MAX_COMPLEXITY = 10_000;
/** A query document may have at most this many tokens; the parser stops there. */
export const MAX_TOKENS = 10_000;

/**
 * The cost of a field: 1 plus its selections; a paged list field (`*QueryResult`) multiplies that by the
 * page size it asks for (`limit`, else the REST default), as it may return that many objects.
 */
export function estimateComplexity({ field, args, childComplexity }: ComplexityEstimatorArgs): number {
  const paged = getNamedType(field.type).name.endsWith('QueryResult');
  const limit = typeof args.limit === 'number' ? Math.min(Math.max(args.limit, 1), MAX_LIMIT) : DEFAULT_LIMIT;
  return (paged ? limit : 1) * (1 + childComplexity);
}

/** The validation rule that refuses a query costing more than `MAX_COMPLEXITY` before anything runs. */
export function complexityRule(
  variables: Record<string, unknown> | undefined,
  operationName?: string,
): ValidationRule {
  return createComplexityRule({
    maximumComplexity: MAX_COMPLEXITY,
    estimators: [estimateComplexity],
    variables: variables ?? {},
    ...(operationName ? { operationName } : {}),
    createError: (max, actual) =>
      new GraphQLError(`The query is too complex: its cost is ${actual}, the limit is ${max}.`),
  });
}
