import type { CustomFields, RequestContext, ResourceIdentifier, Type } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { fitsFieldType } from './field-values.js';
import type { ReferenceResolver } from '../reference-resolver.js';

/**
 * Checks custom fields against the Type's field definitions: every field must be defined and fit its type,
 * every required field must be present, and the Type must be meant for this resource type.
 */
export function checkCustomFields(type: Type, resourceTypeId: string, fields: Record<string, unknown>): void {
  if (!type.resourceTypeIds.includes(resourceTypeId)) {
    throw Errors.invalidOperation(
      `The type '${type.key}' is not defined for resources of type '${resourceTypeId}'.`,
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    const definition = type.fieldDefinitions.find((field) => field.name === name);
    if (!definition) throw Errors.invalidField(name, value);
    if (!fitsFieldType(definition.type, value)) throw Errors.invalidField(name, value);
  }
  for (const definition of type.fieldDefinitions) {
    if (definition.required && !Object.hasOwn(fields, definition.name))
      throw Errors.requiredField(definition.name);
  }
}

export function checkCustomField(type: Type, name: string, value: unknown): void {
  const definition = type.fieldDefinitions.find((field) => field.name === name);
  if (!definition || !fitsFieldType(definition.type, value)) throw Errors.invalidField(name, value);
}

/** Resolves a CustomFieldsDraft into CustomFields, checked against its Type. */
export async function resolveCustomFields(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  resourceTypeId: string,
  draft: { type: ResourceIdentifier; fields?: Record<string, unknown> } | undefined,
): Promise<CustomFields | undefined> {
  if (!draft) return undefined;
  const [type] = await resolver.require<Type & Record<string, unknown>>(ctx, 'type', [draft.type]);
  const fields = Object.fromEntries(Object.entries(draft.fields ?? {}).filter(([, value]) => value !== null));
  checkCustomFields(type, resourceTypeId, fields);
  return { type: { typeId: 'type', id: type.id }, fields };
}
