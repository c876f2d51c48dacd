export * from './schema.js';
export * from './shape-schema.js';
export * from './sql-params.js';
export type { Predicate, FieldPredicate, Literal, ComparisonOperator } from './predicate/ast.js';
export { parsePredicate, MAX_PREDICATE_LENGTH, MAX_PREDICATE_DEPTH } from './predicate/parser.js';
export { evaluatePredicate, PredicateEvaluationError } from './predicate/evaluate.js';
export {
  compileWhere,
  compileWhereForPlan,
  MAX_WHERE_PARAMETERS,
  type CompiledWhere,
} from './where/compile-where.js';
export { compileSort } from './sort/compile-sort.js';
export * from './paging/parse-query-params.js';
export * from './expand/expand-path.js';
export {
  expandReferences,
  referenceKey,
  type ReferenceKey,
  type ReferenceFetcher,
} from './expand/expand-references.js';
export * from './search/search-query.js';
export * from './search/search-sql.js';
export * from './predicates/product-predicate.js';
export * from './predicates/discount-predicate-syntax.js';
export * from './predicates/cart-predicate.js';
