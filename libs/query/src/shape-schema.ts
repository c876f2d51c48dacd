import type { FieldShape, ResourceShape } from '@commerce/contracts';
import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from './schema.js';

/** What `where` and `sort` may name in one field of a shape. */
function fieldSpecOf(field: FieldShape): FieldSpec {
  switch (field.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      return field.column ? { type: field.kind, column: field.column } : { type: field.kind };
    case 'integer':
      return field.column ? { type: 'number', column: field.column } : { type: 'number' };
    case 'enum':
      return { type: 'string' };
    case 'reference':
      return field.key
        ? { type: 'object', fields: { typeId: { type: 'string' }, key: { type: 'string' } } }
        : { type: 'reference' };
    case 'localizedString':
      return { type: 'localizedString' };
    case 'array':
      return { type: 'array', of: fieldSpecOf(field.of) };
    case 'object':
      return { type: 'object', fields: fieldsOf(field.fields) };
    case 'map':
      return { type: 'map', of: fieldSpecOf(field.of) };
    case 'custom':
      return customFieldsSpec;
    case 'json':
      return { type: 'any' };
    case 'geoJsonPoint':
      return { type: 'geoJsonPoint' };
    case 'union':
      return Object.values(field.variants).map(fieldSpecOf).reduce(merged);
  }
}

/**
 * What `where` and `sort` may name in either of two specs (a union's variants): objects and arrays merged field
 * by field; where the two disagree (an enum value's `label`, a string or a LocalizedString), a value of any type.
 */
function merged(a: FieldSpec, b: FieldSpec): FieldSpec {
  if (JSON.stringify(a) === JSON.stringify(b)) return a;
  if (a.type === 'object' && b.type === 'object') {
    const fields = { ...b.fields, ...a.fields };
    for (const name of Object.keys(b.fields)) {
      if (Object.hasOwn(a.fields, name)) fields[name] = merged(a.fields[name], b.fields[name]);
    }
    return { type: 'object', fields };
  }
  if (a.type === 'array' && b.type === 'array') return { type: 'array', of: merged(a.of, b.of) };
  return { type: 'any' };
}

function fieldsOf(fields: Readonly<Record<string, FieldShape>>): QuerySchema {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSpecOf(field)]));
}

/**
 * The query schema of a resource: every field of its shape, the base fields on their table columns (a shape
 * with `base: false` names its columns itself).
 */
export function querySchemaOf(shape: ResourceShape): QuerySchema {
  return shape.base === false ? fieldsOf(shape.fields) : { ...fieldsOf(shape.fields), ...baseResourceSpec };
}
