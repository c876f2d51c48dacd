/** The type of one queryable field of a resource, as the `where` compiler and `sort` need it. */
export type ScalarType = 'string' | 'number' | 'boolean' | 'datetime' | 'date' | 'time';

export type FieldSpec =
  /**
   * A scalar. `column` names a real SQL column (e.g. `key`, `created_at`) used instead of the doc path, so B-tree
   * indexes apply. Datetime columns are `timestamptz`; the others are `text`, `int` or `boolean`.
   */
  | { type: ScalarType; column?: string }
  /** An object mapping a locale to a string: `name(en = "x")`, sort `name.en asc`. */
  | { type: 'localizedString' }
  | { type: 'object'; fields: Record<string, FieldSpec> }
  /** An array; a predicate on its elements matches when any one element matches. */
  | { type: 'array'; of: FieldSpec }
  /** `{typeId, id}`: `customerGroup(id = "...")`. */
  | { type: 'reference' }
  /** Dynamic keys, e.g. custom fields: `custom(fields(color = "red"))`. */
  | { type: 'map'; of: FieldSpec }
  /** A value of unknown type (custom field values), compared by the type of the literal. */
  | { type: 'any' }
  /** A GeoJSON Point `{type: 'Point', coordinates: [lng, lat]}`, used with `within circle`. */
  | { type: 'geoJsonPoint' };

export type QuerySchema = Record<string, FieldSpec>;

const SCALAR_TYPES: ReadonlySet<string> = new Set<ScalarType>([
  'string',
  'number',
  'boolean',
  'datetime',
  'date',
  'time',
]);

export function isScalar(spec: FieldSpec): spec is { type: ScalarType; column?: string } {
  return SCALAR_TYPES.has(spec.type);
}

/** The fields of a Reference: `{typeId, id}`. */
export const referenceFields: Record<string, FieldSpec> = {
  typeId: { type: 'string' },
  id: { type: 'string' },
};

/** The fields of a GeoJSON Point. */
export const geoJsonPointFields: Record<string, FieldSpec> = {
  type: { type: 'string' },
  coordinates: { type: 'array', of: { type: 'number' } },
};

/** `custom`: a reference to the Type and a map of field values of any type. */
export const customFieldsSpec: FieldSpec = {
  type: 'object',
  fields: {
    type: { type: 'reference' },
    fields: { type: 'map', of: { type: 'any' } },
  },
};

/** `createdBy` and `lastModifiedBy` (client logging). */
export const clientLoggingSpec: FieldSpec = {
  type: 'object',
  fields: {
    clientId: { type: 'string' },
    externalUserId: { type: 'string' },
    anonymousId: { type: 'string' },
    customer: { type: 'reference' },
    associate: { type: 'reference' },
    isPlatformClient: { type: 'boolean' },
  },
};

/** The fields every stored resource has, mapped to the table's real columns. */
export const baseResourceSpec: QuerySchema = {
  id: { type: 'string', column: 'id' },
  version: { type: 'number', column: 'version' },
  key: { type: 'string', column: 'key' },
  createdAt: { type: 'datetime', column: 'created_at' },
  lastModifiedAt: { type: 'datetime', column: 'last_modified_at' },
  createdBy: clientLoggingSpec,
  lastModifiedBy: clientLoggingSpec,
};

/** The schema's own entry for a name, never one inherited from `Object.prototype`. */
export function ownField(fields: Record<string, FieldSpec>, name: string): FieldSpec | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
