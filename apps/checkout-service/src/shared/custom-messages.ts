import type { CustomFields, MessagePayload } from '@commerce/contracts';

/** The Messages of a custom type change on a part of a resource (`<prefix>CustomTypeSet` / `...Removed`). */
export function customTypeMessages(
  prefix: string,
  before?: CustomFields,
  after?: CustomFields,
  /** The SDK names the old type `previousTypeId` on most Messages, `oldTypeId` on a few (payment method info). */
  oldTypeField: 'previousTypeId' | 'oldTypeId' = 'previousTypeId',
): MessagePayload[] {
  const old = before?.type.id ? { [oldTypeField]: before.type.id } : {};
  if (!after) return before ? [{ type: `${prefix}CustomTypeRemoved`, ...old }] : [];
  return [{ type: `${prefix}CustomTypeSet`, customFields: after, ...old }];
}

/** The Message of a custom field change (`<prefix>CustomFieldAdded` / `Changed` / `Removed`). */
export function customFieldMessages(
  prefix: string,
  name: string,
  before?: CustomFields,
  after?: CustomFields,
): MessagePayload[] {
  const previousValue = before && Object.hasOwn(before.fields, name) ? before.fields[name] : undefined;
  const value = after && Object.hasOwn(after.fields, name) ? after.fields[name] : undefined;
  if (value === undefined)
    return previousValue === undefined ? [] : [{ type: `${prefix}CustomFieldRemoved`, name }];
  if (previousValue === undefined) return [{ type: `${prefix}CustomFieldAdded`, name, value }];
  return [{ type: `${prefix}CustomFieldChanged`, name, value, previousValue }];
}
