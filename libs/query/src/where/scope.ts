import { whereError } from '../errors.js';
import { geoJsonPointFields, ownField, referenceFields, type FieldSpec } from '../schema.js';
import type { SqlParams } from '../sql-params.js';

/** A path key: a name from the schema (rendered as a SQL literal) or a dynamic map key (bound as a parameter). */
export interface PathKey {
  name: string;
  dynamic: boolean;
}

/** A JSON value in SQL: a jsonb expression and the keys leading from it to the value. */
export interface Location {
  anchor: string;
  path: PathKey[];
}

/** How the fields of an object are found: a fixed set or dynamic keys all of one type. */
export type Children = { kind: 'fields'; fields: Record<string, FieldSpec> } | { kind: 'map'; of: FieldSpec };

/** The object a predicate is evaluated against. `root` is the resource itself, where column fields apply. */
export interface Scope {
  location: Location;
  root: boolean;
  children: Children;
  label: string;
}

/**
 * One field inside a scope. `column` is set only at the root, for fields stored in a real column, and inside
 * an object field of the root (not an array's elements): `resource(id = "x")` can use a `resource_id` column.
 */
export interface Target {
  spec: FieldSpec;
  location: Location;
  label: string;
  column?: string;
  /** The field is an object of the root scope: its own fields may have columns too. */
  columnsInside?: boolean;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const COLUMN_NAME = /^[a-z_][a-z0-9_]*$/;

export function rootScope(fields: Record<string, FieldSpec>): Scope {
  return {
    location: { anchor: 'doc', path: [] },
    root: true,
    children: { kind: 'fields', fields },
    label: '',
  };
}

export function resolveField(scope: Scope, name: string): Target {
  const label = scope.label ? `${scope.label}.${name}` : name;
  const { children } = scope;
  const spec = children.kind === 'fields' ? ownField(children.fields, name) : children.of;
  if (!spec) throw whereError(`The field '${label}' does not exist.`);
  const location = {
    anchor: scope.location.anchor,
    path: [...scope.location.path, { name, dynamic: children.kind === 'map' }],
  };
  const column = scope.root && 'column' in spec ? spec.column : undefined;
  return {
    spec,
    location,
    label,
    column: column === undefined ? undefined : columnSql(column),
    ...(scope.root && spec.type === 'object' ? { columnsInside: true } : {}),
  };
}

/** What a field's value offers to a nested predicate `field(...)`, or undefined if it has no fields. */
export function childrenOf(spec: FieldSpec): Children | undefined {
  switch (spec.type) {
    case 'object':
      return { kind: 'fields', fields: spec.fields };
    case 'reference':
      return { kind: 'fields', fields: referenceFields };
    case 'geoJsonPoint':
      return { kind: 'fields', fields: geoJsonPointFields };
    case 'localizedString':
      return { kind: 'map', of: { type: 'string' } };
    case 'map':
      return { kind: 'map', of: spec.of };
    case 'any':
      return { kind: 'map', of: { type: 'any' } };
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

/** `string`, `array of object`, ... for messages. */
export function describeSpec(spec: FieldSpec): string {
  return spec.type === 'array' ? `array of ${describeSpec(spec.of)}` : spec.type;
}

export function columnSql(column: string): string {
  if (!COLUMN_NAME.test(column)) throw new Error(`Invalid column name in a query schema: ${column}`);
  return `"${column}"`;
}

function keySql(key: PathKey, params: SqlParams): string {
  if (key.dynamic) return `${params.addShared(key.name)}::text`;
  if (!SCHEMA_NAME.test(key.name)) throw new Error(`Invalid field name in a query schema: ${key.name}`);
  return `'${key.name}'`;
}

/** The jsonb value at a location. */
export function jsonSql(location: Location, params: SqlParams): string {
  return location.path.reduce((sql, key) => `${sql}->${keySql(key, params)}`, location.anchor);
}

/** The value at a location as text (a JSON string unquoted). */
export function textSql(location: Location, params: SqlParams): string {
  const { path } = location;
  if (path.length === 0) return `(${location.anchor} #>> '{}')`;
  const parent = jsonSql({ anchor: location.anchor, path: path.slice(0, -1) }, params);
  return `(${parent}->>${keySql(path[path.length - 1], params)})`;
}

/** A value of unknown type used with an array operator (`contains`) is read as an array of unknown values. */
export function asArray(target: Target): Target {
  return target.spec.type === 'any' ? { ...target, spec: { type: 'array', of: { type: 'any' } } } : target;
}
