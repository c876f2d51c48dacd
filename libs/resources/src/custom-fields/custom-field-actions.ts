import {
  CustomFieldsDraftDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  type CustomFields,
  type Type,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ReferenceResolver } from '../reference-resolver.js';
import { action, type ActionTable } from '../update-actions.js';
import { checkCustomField, resolveCustomFields } from './custom-fields.js';

export { SetCustomFieldAction, SetCustomTypeAction };

type WithCustom = { custom?: CustomFields };

/**
 * `setCustomType` and `setCustomField`, the same for every resource with custom fields: an absent type
 * removes the type and all fields; an absent or null value removes a field, and removing a field that does
 * not exist is `InvalidOperation`.
 */
export function customFieldActions<T extends WithCustom>(
  resourceTypeId: string,
  resolver: ReferenceResolver,
): ActionTable<T> {
  return {
    setCustomType: action(SetCustomTypeAction, async (resource: T, { type, fields }, { ctx }) => {
      if (!type) {
        const { custom: _removed, ...rest } = resource;
        return { resource: rest as T };
      }
      const draft = Object.assign(new CustomFieldsDraftDto(), { type, fields: fields ?? {} });
      const custom = await resolveCustomFields(resolver, ctx, resourceTypeId, draft);
      return { resource: { ...resource, custom } };
    }),
    setCustomField: action(SetCustomFieldAction, async (resource: T, { name, value }, { ctx }) => {
      if (!resource.custom) throw Errors.invalidOperation('The resource has no custom type; set one first.');
      let fields = { ...resource.custom.fields };
      if (value === undefined || value === null) {
        if (!Object.hasOwn(fields, name))
          throw Errors.invalidOperation(`The custom field '${name}' does not exist.`);
        delete fields[name];
      } else {
        const [type] = await resolver.require<Type & Record<string, unknown>>(ctx, 'type', [
          resource.custom.type,
        ]);
        checkCustomField(type, name, value);
        // A computed key defines an own property, even `__proto__` (an assignment would set the prototype).
        fields = { ...fields, [name]: value };
      }
      return { resource: { ...resource, custom: { ...resource.custom, fields } } };
    }),
  };
}
