/** A literal or an input variable on the right-hand side of a predicate. */
export type Literal =
  | { kind: 'string'; value: string }
  /** `text` is the normalised decimal text, kept so no precision is lost on the way to SQL. */
  | { kind: 'number'; value: number; text: string }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'variable'; name: string };

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** The syntax tree of one `where` predicate. Field names are single path segments, relative to the enclosing field. */
export type Predicate =
  | { kind: 'and'; operands: Predicate[] }
  | { kind: 'or'; operands: Predicate[] }
  | { kind: 'not'; operand: Predicate }
  /** `field(inner)`: the inner predicate applies to the field's value (to any one element of an array). */
  | { kind: 'nested'; field: string; predicate: Predicate }
  /** `<>` is read as `!=`. */
  | { kind: 'compare'; field: string; operator: ComparisonOperator; value: Literal }
  /** `in (a, b)`, `not in (a, b)`, `in :var`; a variable in the list stands for all its values. */
  | { kind: 'in'; field: string; negated: boolean; values: Literal[] }
  | { kind: 'contains'; field: string; mode: 'any' | 'all'; values: Literal[] }
  | { kind: 'defined'; field: string; negated: boolean }
  | { kind: 'empty'; field: string; negated: boolean }
  | { kind: 'withinCircle'; field: string; longitude: Literal; latitude: Literal; radius: Literal }
  | { kind: 'matchesIgnoreCase'; field: string; value: Literal };

/** The predicates that test one field. */
export type FieldPredicate = Exclude<Predicate, { kind: 'and' | 'or' | 'not' }>;
