import { CART_DISCOUNT_TARGET_TYPES } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/**
 * GraphQL input -> the REST JSON the services take. The GraphQL API writes localized strings as
 * `[{locale, value}]`, custom fields as `[{name, value}]` with JSON-encoded values, custom types as
 * `typeId`/`typeKey`/`type`, and an update action as `{setName: {...}}`; the REST API writes `{en: ...}`,
 * `{name: value}`, `type: {id}` and `{action: 'setName', ...}`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The GraphQL shapes this module converts from, the same for every resource: a LocalizedString, a
 * ResourceIdentifier, custom fields. They are the API's conventions, not facts of a DTO; the generated input
 * types (`schema/inputs.sdl.ts`) use them wherever a DTO holds a LocalizedString, a reference or custom fields.
 */
export const CONVENTION_INPUTS_SDL = /* GraphQL */ `
  input LocalizedStringItemInputType {
    locale: Locale!
    value: String!
  }

  input ResourceIdentifierInput {
    typeId: String
    id: String
    key: String
  }

  "A custom field: its value JSON-encoded, as in the live API."
  input CustomFieldInput {
    name: String!
    value: String!
  }

  input CustomFieldsDraft {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }
`;

/** The convention input types by the GraphQL shape they stand for. */
export const CONVENTION_INPUTS = {
  localizedString: 'LocalizedStringItemInputType',
  resourceIdentifier: 'ResourceIdentifierInput',
  customFields: 'CustomFieldsDraft',
  customField: 'CustomFieldInput',
} as const;

/** Fields that hold a LocalizedString in every resource the schema writes. */
const LOCALIZED_FIELDS = new Set([
  'name',
  'description',
  'slug',
  'label',
  'localizedName',
  'localizedDescription',
]);

/** GraphQL action fields named differently from the REST action (live schema name -> REST name). */
export const ACTION_ALIASES: Readonly<Record<string, string>> = {
  changeProductSelectionStatus: 'changeProductSelectionActive',
};

/**
 * The tagged unions the live schema writes as one-of inputs, by field: a discount's `value` (`{relative:
 * {permyriad: 1000}}`) and a cart discount's `target` (`{lineItems: {predicate: "true"}}`). GraphQL takes them
 * as `Json`, in REST's form or in the live one, which becomes REST's (`{type: "relative", permyriad: 1000}`).
 */
const ONE_OF_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  value: new Set(['relative', 'absolute', 'fixed', 'giftLineItem', 'external']),
  target: new Set(CART_DISCOUNT_TARGET_TYPES),
};

/** `{relative: {permyriad}}` -> `{type: 'relative', permyriad}` where the field is a one-of; else undefined. */
function oneOf(
  field: string | undefined,
  value: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const tags = field !== undefined && Object.hasOwn(ONE_OF_FIELDS, field) ? ONE_OF_FIELDS[field] : undefined;
  const set = Object.entries(value).filter(([, item]) => item !== null && item !== undefined);
  if (!tags || 'type' in value || set.length !== 1 || !tags.has(set[0][0])) return undefined;
  const [tag, inner] = set[0];
  if (!isRecord(inner)) return undefined;
  return { type: tag, ...inner };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonValue(field: string, value: string): Json {
  try {
    return JSON.parse(value) as Json;
  } catch {
    throw Errors.invalidInput(`The value of the custom field '${field}' is not valid JSON: ${value}`);
  }
}

// The objects below are built with `Object.fromEntries`: a client's key (`__proto__` too) is an own property.

function localized(items: unknown[]): Record<string, string> {
  return Object.fromEntries(
    items
      .filter((item) => isRecord(item) && typeof item.locale === 'string')
      .map((item) => [(item as { locale: string }).locale, String((item as { value?: unknown }).value)]),
  );
}

function customFields(items: unknown[]): Record<string, Json> {
  return Object.fromEntries(
    items
      .filter(isRecord)
      .filter((item) => typeof item.name === 'string' && typeof item.value === 'string')
      .map((item): [string, Json] => [
        item.name as string,
        parseJsonValue(item.name as string, item.value as string),
      ]),
  );
}

/** `{typeId | typeKey | type, fields}` -> `{type: {typeId: 'type', id | key}, fields}`. */
function customType(input: Record<string, unknown>): Record<string, Json> {
  const type = isRecord(input.type)
    ? (toRest(input.type) as Record<string, Json>)
    : typeof input.typeId === 'string'
      ? { id: input.typeId }
      : typeof input.typeKey === 'string'
        ? { key: input.typeKey }
        : undefined;
  const result: Record<string, Json> = {};
  if (type) result.type = { typeId: 'type', ...type };
  if (Array.isArray(input.fields)) result.fields = customFields(input.fields);
  return result;
}

/** An Order Edit's staged actions: update actions in GraphQL's form (`StagedOrderUpdateAction`). */
const STAGED_ACTION_FIELDS = new Set(['stagedAction', 'stagedActions']);

/** Drops nulls (GraphQL's absent), converts localized strings and custom fields, recursively. */
export function toRest(value: unknown, field?: string): Json | undefined {
  if (value === null || value === undefined) return undefined;
  if (field && STAGED_ACTION_FIELDS.has(field)) {
    if (Array.isArray(value)) return value.map((item) => toRestAction(item as Record<string, unknown>));
    if (isRecord(value)) return toRestAction(value);
  }
  if (Array.isArray(value)) {
    if (field && LOCALIZED_FIELDS.has(field)) return localized(value);
    return value.map((item) => toRest(item)).filter((item): item is Json => item !== undefined);
  }
  if (isRecord(value)) {
    if (field === 'custom') return customType(value);
    return Object.fromEntries(
      Object.entries(oneOf(field, value) ?? value)
        .map(([key, item]) => [key, toRest(item, key)])
        .filter(([, converted]) => converted !== undefined),
    ) as Record<string, Json>;
  }
  return value as Json;
}

/** One GraphQL update action (`{setName: {name: [...]}}`, exactly one field set) -> the REST action. */
export function toRestAction(input: Record<string, unknown>): Record<string, Json> {
  const set = Object.entries(input).filter(([, value]) => value !== null && value !== undefined);
  if (set.length !== 1) {
    throw Errors.invalidInput(
      `An update action must set exactly one action field; this one sets ${set.length === 0 ? 'none' : set.map(([name]) => name).join(', ')}.`,
    );
  }
  const [name, raw] = set[0];
  const action = Object.hasOwn(ACTION_ALIASES, name) ? ACTION_ALIASES[name] : name;
  const { typeId, typeKey, type, fields, value, ...payload } = raw as Record<string, unknown>;
  const rest = { action, ...(toRest(payload) as Record<string, Json>) };
  // `setCustomType`, `setAddressCustomType`, ...: the custom type in GraphQL's form.
  if (action.endsWith('CustomType')) return { ...rest, ...customType({ typeId, typeKey, type, fields }) };
  // `setCustomField`, `setAddressCustomField`, ...: the value JSON-encoded.
  if (action.endsWith('CustomField')) {
    const parsed = typeof value === 'string' ? parseJsonValue(String(payload.name), value) : undefined;
    return { ...rest, ...(parsed === undefined ? {} : { value: parsed }) };
  }
  return { action, ...(toRest(raw) as Record<string, Json>) };
}

/** `{version, actions}` of an update mutation -> the REST update request. */
export function toRestUpdate(version: number, actions: Record<string, unknown>[]) {
  return { version, actions: actions.map(toRestAction) };
}
