import { CustomObjectDraftDto, type CustomObject } from '@commerce/contracts';
import type { ResourceDefinition } from '@commerce/resources';
import { customObjectsTable } from './custom-objects.table.js';

export const CUSTOM_OBJECT_ENGINE = Symbol('CUSTOM_OBJECT_ENGINE');

/**
 * JSON without the fields whose value is `null` (the live API does not save them), at any depth of objects;
 * array elements stay as they are.
 */
export function withoutNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullFields);
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (field !== null) kept[name] = withoutNullFields(field);
  }
  return kept;
}

/**
 * Custom Objects as the shared engine serves them: create, read by id, query, delete and `<prefix>.resolve`
 * (the `key-value-document` reference). Replacing a value is the service's own conditional write
 * (`CustomObjectsService.put`): it has no update actions.
 */
export function defineCustomObject(): ResourceDefinition<CustomObject, CustomObjectDraftDto> {
  return {
    typeId: 'key-value-document',
    table: customObjectsTable,
    draft: CustomObjectDraftDto,
    actions: {},
    internalActions: true,
    build: (draft) => ({ container: draft.container, key: draft.key, value: withoutNullFields(draft.value) }),
  };
}
