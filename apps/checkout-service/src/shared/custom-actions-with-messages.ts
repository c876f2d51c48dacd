import {
  SetCustomFieldAction,
  SetCustomTypeAction,
  type CustomFields,
  type MessagePayload,
} from '@commerce/contracts';
import { action, customFieldActions, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { customFieldMessages, customTypeMessages } from './custom-messages.js';

type WithCustom = { custom?: CustomFields };

/** How a resource's custom Messages name the old values (the SDK differs per resource). */
export interface CustomMessageNames {
  oldTypeId: 'previousTypeId' | 'oldTypeId';
  oldValue: 'previousValue' | 'oldValue';
}

/**
 * `setCustomType` / `setCustomField` of a resource with their Messages (`<prefix>CustomTypeSet`, `...Removed`,
 * `<prefix>CustomFieldAdded`, `...Changed`, `...Removed`).
 */
export function customActionsWithMessages<T extends WithCustom>(
  typeId: string,
  prefix: string,
  resolver: ReferenceResolver,
  names: CustomMessageNames,
): ActionTable<T> {
  const custom = customFieldActions<T>(typeId, resolver);
  const renamed = (message: MessagePayload): MessagePayload => {
    if (names.oldValue === 'previousValue' || !('previousValue' in message)) return message;
    const { previousValue, ...rest } = message as MessagePayload & { previousValue: unknown };
    return { ...rest, oldValue: previousValue };
  };
  return {
    setCustomType: action(SetCustomTypeAction, async (resource: T, dto, context) => {
      const { resource: after } = await custom.setCustomType.apply(resource, dto, context);
      return {
        resource: after,
        messages: customTypeMessages(prefix, resource.custom, after.custom, names.oldTypeId),
      };
    }),
    setCustomField: action(SetCustomFieldAction, async (resource: T, dto, context) => {
      const { resource: after } = await custom.setCustomField.apply(resource, dto, context);
      return {
        resource: after,
        messages: customFieldMessages(prefix, dto.name, resource.custom, after.custom).map(renamed),
      };
    }),
  };
}
