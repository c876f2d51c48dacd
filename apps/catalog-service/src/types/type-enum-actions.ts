import { EnumKeysAction, EnumValueAction, LocalizedEnumValueAction, type Type } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { reordered, withEnumValues } from './field-definitions.js';

type Value<L> = { key: string; label: L };

function added<L>(values: Value<L>[], value: Value<L>): Value<L>[] {
  if (values.some((entry) => entry.key === value.key)) throw Errors.duplicateField('values.key', value.key);
  return [...values, { key: value.key, label: value.label }];
}

function relabelled<L>(values: Value<L>[], value: Value<L>): Value<L>[] {
  if (!values.some((entry) => entry.key === value.key)) {
    throw Errors.invalidOperation(`The enum has no value with key '${value.key}'.`);
  }
  return values.map((entry) => (entry.key === value.key ? { key: value.key, label: value.label } : entry));
}

function removed<L>(values: Value<L>[], keys: string[]): Value<L>[] {
  const missing = keys.filter((key) => !values.some((entry) => entry.key === key));
  if (missing.length > 0)
    throw Errors.invalidOperation(`The enum has no values with keys ${missing.join(', ')}.`);
  return values.filter((entry) => !keys.includes(entry.key));
}

const byKey = (entry: { key: string }) => entry.key;

/** The eight actions on the values of Enum and LocalizedEnum fields (also as a Set's element type). */
export const typeEnumActions = {
  addEnumValue: action(EnumValueAction, (type: Type, { fieldName, value }) => ({
    resource: withEnumValues(type, fieldName, 'Enum', (values) => added(values, value)),
  })),

  addLocalizedEnumValue: action(LocalizedEnumValueAction, (type: Type, { fieldName, value }) => ({
    resource: withEnumValues(type, fieldName, 'LocalizedEnum', (values) => added(values, value)),
  })),

  changeEnumValueLabel: action(EnumValueAction, (type: Type, { fieldName, value }) => ({
    resource: withEnumValues(type, fieldName, 'Enum', (values) => relabelled(values, value)),
  })),

  changeLocalizedEnumValueLabel: action(LocalizedEnumValueAction, (type: Type, { fieldName, value }) => ({
    resource: withEnumValues(type, fieldName, 'LocalizedEnum', (values) => relabelled(values, value)),
  })),

  changeEnumValueOrder: action(EnumKeysAction, (type: Type, { fieldName, keys }) => ({
    resource: withEnumValues(type, fieldName, 'Enum', (values) =>
      reordered(values, byKey, keys, 'enum value'),
    ),
  })),

  changeLocalizedEnumValueOrder: action(EnumKeysAction, (type: Type, { fieldName, keys }) => ({
    resource: withEnumValues(type, fieldName, 'LocalizedEnum', (values) =>
      reordered(values, byKey, keys, 'enum value'),
    ),
  })),

  removeEnumValues: action(EnumKeysAction, (type: Type, { fieldName, keys }) => ({
    resource: withEnumValues(type, fieldName, 'Enum', (values) => removed(values, keys)),
  })),

  removeLocalizedEnumValues: action(EnumKeysAction, (type: Type, { fieldName, keys }) => ({
    resource: withEnumValues(type, fieldName, 'LocalizedEnum', (values) => removed(values, keys)),
  })),
} satisfies ActionTable<Type>;
