import type { CustomFields, MessagePayload, SetCustomFieldAction } from '@commerce/contracts';
import { customFieldActions, type ActionContext, type ReferenceResolver } from '@commerce/resources';
import { customFieldMessages, customTypeMessages } from './custom-messages.js';

type WithCustom = { custom?: CustomFields };
export type CustomActionName = 'setCustomType' | 'setCustomField';

/**
 * The custom-field actions aimed at one part of a resource (a line item, a delivery, an address): the part
 * changed, and the `<prefix>CustomType*` / `<prefix>CustomField*` Messages of the change.
 */
export function customPart(resolver: ReferenceResolver, resourceTypeId: string) {
  const table = customFieldActions<WithCustom>(resourceTypeId, resolver);
  return async <P extends WithCustom>(
    part: P,
    name: CustomActionName,
    dto: object,
    context: ActionContext,
    prefix?: string,
  ): Promise<{ part: P; messages: MessagePayload[] }> => {
    const { resource } = await table[name].apply(part, dto, context);
    const after = resource as P;
    if (!prefix) return { part: after, messages: [] };
    const messages =
      name === 'setCustomType'
        ? customTypeMessages(prefix, part.custom, after.custom)
        : customFieldMessages(prefix, (dto as SetCustomFieldAction).name, part.custom, after.custom);
    return { part: after, messages };
  };
}
