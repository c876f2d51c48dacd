import {
  MAX_ACTIONS,
  UPDATE_ACTIONS,
  classTransformerStorage,
  type DocumentedResourceType,
} from '@commerce/contracts';
import { ValidationTypes } from 'class-validator';
import { targetConstructorToSchema, validationMetadatasToSchemas } from 'class-validator-jsonschema';
/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type Schema = { [keyword: string]: unknown };

export const SCHEMAS = '#/components/schemas/';
export const ref = (name: string): Schema => ({ $ref: `${SCHEMAS}${name}` });

/** The JSON Schema of our own class-validator decorators (the converter knows only the built-in ones). */
const CUSTOM: Record<string, Schema> = {
  isLocalizedString: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'LocalizedString: a language tag to a text.',
  },
  isJsonObject: { type: 'object' },
  isSlug: { type: 'object', additionalProperties: { type: 'string', pattern: '^[A-Za-z0-9_-]{2,256}$' } },
  isLongitudeLatitude: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
  isTimeToLive: { type: 'object' },
  isFieldType: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  isAttributeType: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  isImportCustomFields: { type: 'object' },
  // A cross-field rule: exactly one of `id` and `key`; the properties say what they are.
  hasIdOrKey: {},
};

/**
 * Every class-validator DTO of the contracts (drafts, update actions, request bodies) as JSON Schema, keyed by
 * class name, with nested DTOs as `$ref`s (their class-transformer `@Type`s). The contracts must be imported
 * before this runs: their decorators fill class-validator's metadata storage.
 */
export function dtoSchemas(classes: ReadonlyArray<new () => object>): Record<string, Schema> {
  const options = {
    refPointerPrefix: SCHEMAS,
    classTransformerMetadataStorage: classTransformerStorage,
    additionalConverters: {
      [ValidationTypes.CUSTOM_VALIDATION]: (meta: { constraints?: unknown[] }) => {
        const name = meta.constraints?.[0];
        return typeof name === 'string' && Object.hasOwn(CUSTOM, name) ? CUSTOM[name] : {};
      },
    },
  };
  const schemas = validationMetadatasToSchemas(options) as Record<string, Schema>;
  // A class that only inherits its rules, or has none (`unpublish`), gets no schema above: ask for it by class.
  for (const dto of classes) schemas[dto.name] ??= targetConstructorToSchema(dto, options) as Schema;
  // A property typed `Record<…>` without a nested DTO is reflected as `Object`: an arbitrary JSON object.
  return JSON.parse(
    JSON.stringify(schemas).replaceAll(`{"$ref":"${SCHEMAS}Object"}`, '{"type":"object"}'),
  ) as Record<string, Schema>;
}

/** The API's error body (`libs/errors`): every 4xx and 5xx answer has it; OAuth errors add two fields. */
export const ERROR_BODY: Schema = {
  type: 'object',
  required: ['statusCode', 'message', 'errors'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' } },
        additionalProperties: true,
      },
    },
    error: { type: 'string', description: 'OAuth errors only (e.g. invalid_token).' },
    error_description: { type: 'string', description: 'OAuth errors only.' },
  },
};

/** `{version, actions}`, with the actions of a resource type as a union discriminated by `action`. */
export function updateRequestSchema(typeId?: DocumentedResourceType): Schema {
  const actions: Record<string, unknown> = typeId ? UPDATE_ACTIONS[typeId] : {};
  const union: Schema[] = Object.entries(actions).map(([name, dto]) => ({
    title: name,
    allOf: [
      {
        type: 'object',
        required: ['action'],
        properties: { action: { const: name } },
      },
      ref((dto as { name: string }).name),
    ],
  }));
  return {
    type: 'object',
    required: ['version', 'actions'],
    properties: {
      version: { type: 'integer', description: 'The version the actions apply to (409 otherwise).' },
      actions: {
        type: 'array',
        maxItems: MAX_ACTIONS,
        items:
          union.length > 0
            ? { oneOf: union }
            : { type: 'object', required: ['action'], properties: { action: { type: 'string' } } },
      },
    },
  };
}

/** The name of a resource type's update request in `components.schemas`. */
export const updateRequestName = (typeId?: DocumentedResourceType) =>
  typeId
    ? `${typeId.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase())}UpdateRequest`
    : 'UpdateRequest';
