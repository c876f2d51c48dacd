import { sortError } from '../errors.js';
import {
  geoJsonPointFields,
  isScalar,
  ownField,
  referenceFields,
  type FieldSpec,
  type QuerySchema,
} from '../schema.js';
import { columnSql, describeSpec } from '../where/scope.js';

const SORT_EXPRESSION = /^\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)(?:\s+([A-Za-z]+))?\s*$/;
const MAX_SORT_LENGTH = 1_000;

interface SortTerm {
  path: string[];
  descending: boolean;
}

/**
 * Translates `sort` expressions (`<field.path> asc|desc`, direction defaulting to `asc`) into an ORDER BY list
 * without the keyword. Later expressions break ties of earlier ones, and `id` is appended as the final tiebreaker
 * unless already sorted on, so paging is stable. Text orders by the database collation (use `C` for the API's
 * case-sensitive byte order).
 */
export function compileSort(sort: string[], schema: QuerySchema): string {
  const terms = sort.map(parseSortExpression);
  const items = terms.map((term) => `${sortKeySql(term.path, schema)} ${term.descending ? 'DESC' : 'ASC'}`);
  if (!terms.some((term) => term.path.length === 1 && term.path[0] === 'id')) {
    items.push(
      `${sortKeySql(['id'], { id: ownField(schema, 'id') ?? { type: 'string', column: 'id' } })} ASC`,
    );
  }
  return items.join(', ');
}

function parseSortExpression(expression: string): SortTerm {
  const match = expression.length <= MAX_SORT_LENGTH ? SORT_EXPRESSION.exec(expression) : null;
  const direction = match?.[2]?.toLowerCase() ?? 'asc';
  if (!match || (direction !== 'asc' && direction !== 'desc')) {
    throw sortError(
      `Invalid sort expression '${expression.slice(0, 100)}'. Expected '<field.path> asc' or '<field.path> desc'.`,
    );
  }
  return { path: match[1].split('.'), descending: direction === 'desc' };
}

/** The fields reachable from a value by a dotted path segment, or undefined if it has none. */
function childOf(spec: FieldSpec, name: string): FieldSpec | undefined {
  switch (spec.type) {
    case 'object':
      return ownField(spec.fields, name);
    case 'reference':
      return ownField(referenceFields, name);
    case 'geoJsonPoint':
      return ownField(geoJsonPointFields, name);
    case 'localizedString':
      return { type: 'string' };
    case 'map':
      return spec.of;
    case 'any':
      return { type: 'any' };
    case 'array':
    case 'string':
    case 'number':
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      return undefined;
  }
}

function sortKeySql(path: string[], schema: QuerySchema): string {
  let spec = ownField(schema, path[0]);
  for (let i = 1; spec && i < path.length; i++) spec = childOf(spec, path[i]);
  const name = path.join('.');
  if (!spec) throw sortError(`The field '${name}' does not exist.`);
  if (path.length === 1 && 'column' in spec && spec.column !== undefined) return columnSql(spec.column);
  const keys = path.map((key) => `'${key}'`);
  const json = `doc->${keys.join('->')}`;
  const text = `(doc${keys
    .slice(0, -1)
    .map((key) => `->${key}`)
    .join('')}->>${keys[keys.length - 1]})`;
  if (spec.type === 'any') return json;
  if (!isScalar(spec)) {
    const hint = spec.type === 'localizedString' ? ` Sort by one locale, e.g. '${name}.en asc'.` : '';
    throw sortError(`The field '${name}' of type ${describeSpec(spec)} cannot be sorted on.${hint}`);
  }
  switch (spec.type) {
    case 'string':
      return text;
    case 'number':
      return `${text}::numeric`;
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      return `${text}::${spec.type === 'datetime' ? 'timestamptz' : spec.type}`;
  }
}
