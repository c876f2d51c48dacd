import { shape as shapes, type FieldShape, type ObjectShape, type ResourceShape } from '@commerce/contracts';
import { ref, SCHEMAS, type Schema } from './openapi.schemas.js';

/**
 * The response schemas of the OpenAPI description, derived from the shapes the contracts declare
 * (`<resource>.shape.ts`): one component per resource and per nested object type (a union: one of its
 * variants' by their discriminator), LocalizedString a map of language tags to texts.
 */

/** The components every shape may name. */
export const COMMON_SCHEMAS: Record<string, Schema> = {
  LocalizedString: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'A language tag (IETF, e.g. `en`, `de-DE`) to a text.',
    example: { en: 'Berlin', de: 'Berlin' },
  },
  Reference: {
    type: 'object',
    required: ['typeId', 'id'],
    properties: { typeId: { type: 'string' }, id: { type: 'string' }, obj: { type: 'object' } },
  },
  KeyReference: {
    type: 'object',
    required: ['typeId', 'key'],
    properties: { typeId: { type: 'string' }, key: { type: 'string' } },
  },
  CustomFields: {
    type: 'object',
    required: ['type', 'fields'],
    properties: { type: ref('Reference'), fields: { type: 'object', additionalProperties: true } },
  },
  GeoJsonPoint: {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: {
      type: { const: 'Point' },
      coordinates: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
    },
  },
  ClientLogging: {
    type: 'object',
    required: ['isPlatformClient'],
    properties: {
      clientId: { type: 'string' },
      externalUserId: { type: 'string' },
      anonymousId: { type: 'string' },
      customer: ref('Reference'),
      attributedTo: { type: 'object' },
      isPlatformClient: { type: 'boolean' },
    },
  },
  /** A resource whose shape is not declared yet: its base fields; the rest is the resource's. */
  Resource: {
    type: 'object',
    required: ['id', 'version', 'createdAt', 'lastModifiedAt'],
    properties: baseProperties(),
    additionalProperties: true,
  },
};

function baseProperties(): Record<string, Schema> {
  return {
    id: { type: 'string' },
    version: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    lastModifiedAt: { type: 'string', format: 'date-time' },
    createdBy: ref('ClientLogging'),
    lastModifiedBy: ref('ClientLogging'),
  };
}

const SCALARS: Record<string, Schema> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  datetime: { type: 'string', format: 'date-time' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
};

/** A secret the API shows masked: `****`, and the last four characters of one of 16 or more. */
const MASKED: Schema = {
  type: 'string',
  pattern: '^\\*{4}.{0,4}$',
  description: 'A secret, masked as the API shows it (`****` and at most its last four characters).',
};

function valueSchema(field: FieldShape): Schema {
  switch (field.kind) {
    case 'string':
      if (field.const !== undefined) return { type: 'string', const: field.const };
      return field.masked ? MASKED : SCALARS.string;
    case 'number':
    case 'integer':
    case 'boolean':
    case 'datetime':
    case 'date':
    case 'time':
      return SCALARS[field.kind];
    case 'enum':
      return { type: 'string', enum: [...field.values] };
    case 'reference':
      return ref(field.key ? 'KeyReference' : 'Reference');
    case 'array':
      return { type: 'array', items: fieldSchema(field.of) };
    case 'object':
      return ref(field.name);
    case 'map':
      return { type: 'object', additionalProperties: fieldSchema(field.of) };
    case 'localizedString':
      return ref('LocalizedString');
    case 'custom':
      return ref('CustomFields');
    case 'json':
      return {};
    case 'geoJsonPoint':
      return ref('GeoJsonPoint');
    case 'union': {
      const variants = Object.entries(field.variants);
      return {
        oneOf: variants.map(([, variant]) => ref(variant.name)),
        discriminator: {
          propertyName: field.discriminator,
          mapping: Object.fromEntries(
            variants.map(([value, variant]) => [value, `${SCHEMAS}${variant.name}`]),
          ),
        },
      };
    }
  }
}

function fieldSchema(field: FieldShape): Schema {
  const schema = valueSchema(field);
  return field.nullable ? { anyOf: [schema, { type: 'null' }] } : schema;
}

function objectSchema(type: ResourceShape | ObjectShape): Schema {
  const own = Object.entries(type.fields);
  const properties = Object.fromEntries(own.map(([name, field]) => [name, fieldSchema(field)]));
  const required = own.filter(([, field]) => !field.optional).map(([name]) => name);
  if (type.kind === 'object' || type.base === false) return { type: 'object', required, properties };
  return {
    type: 'object',
    required: ['id', 'version', 'createdAt', 'lastModifiedAt', ...required],
    properties: { ...baseProperties(), ...properties },
  };
}

/** Every object type reachable from the shapes, as components. */
export function shapeSchemas(types: ReadonlyArray<ResourceShape | ObjectShape>): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  const seen = new Set<string>();
  for (const type of types) {
    shapes.objectTypes(type, (each) => (schemas[each.name] = objectSchema(each)), seen);
  }
  return schemas;
}

/** A page of a query: `{limit, offset, count, total?, results}`. */
export function pagedSchema(items: Schema): Schema {
  return {
    type: 'object',
    required: ['limit', 'offset', 'count', 'results'],
    properties: {
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      count: { type: 'integer' },
      total: { type: 'integer', description: 'Left out with `withTotal=false`.' },
      results: { type: 'array', items },
    },
  };
}
