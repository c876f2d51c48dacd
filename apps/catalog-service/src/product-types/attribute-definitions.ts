import {
  attributeTypeOf,
  type AttributeDefinition,
  type AttributeDefinitionDraftDto,
  type AttributeElementType,
  type AttributeType,
  type LocalizedString,
  type ProductType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';

export type EnumKind = 'enum' | 'lenum';
export type EnumValue<K extends EnumKind = EnumKind> = {
  key: string;
  label: K extends 'enum' ? string : LocalizedString;
};

/** An attribute definition with the defaults of the API filled in. */
export function attributeDefinitionOf(draft: AttributeDefinitionDraftDto): AttributeDefinition {
  const type = attributeTypeOf(draft.type);
  if (!type) throw Errors.invalidField('type', draft.type);
  return {
    type,
    name: draft.name,
    label: draft.label,
    isRequired: draft.isRequired,
    level: draft.level ?? 'Variant',
    attributeConstraint: draft.attributeConstraint ?? 'None',
    ...(draft.inputTip ? { inputTip: draft.inputTip } : {}),
    inputHint: draft.inputHint ?? 'SingleLine',
    isSearchable: draft.isSearchable ?? true,
  };
}

/** The attribute definition named `name`; a missing one is `AttributeNameDoesNotExist`. */
export function attributeNamed(type: ProductType, name: string): AttributeDefinition {
  const definition = type.attributes.find((attribute) => attribute.name === name);
  if (!definition) throw Errors.attributeNameDoesNotExist(name, type.name);
  return definition;
}

/** The product type with the definition named `name` changed. */
export function withAttribute(
  type: ProductType,
  name: string,
  change: (definition: AttributeDefinition) => AttributeDefinition,
): ProductType {
  const definition = attributeNamed(type, name);
  return {
    ...type,
    attributes: type.attributes.map((attribute) =>
      attribute === definition ? change(attribute) : attribute,
    ),
  };
}

/**
 * The checks every list of definitions passes: names unique within the product type, a Product-level
 * attribute only with the `None` constraint (PSDK `AttributeDefinitionDraft`), enum keys unique.
 */
export function checkAttributeDefinitions(type: ProductType): ProductType {
  const names = new Set<string>();
  for (const definition of type.attributes) {
    if (names.has(definition.name)) {
      throw Errors.attributeDefinitionAlreadyExists(definition.name, type);
    }
    names.add(definition.name);
    if (definition.level === 'Product' && definition.attributeConstraint !== 'None') {
      throw Errors.invalidOperation(
        `The attribute '${definition.name}' is defined at Product level: its attributeConstraint must be None.`,
      );
    }
    const values = enumOf(definition.type)?.values;
    if (values) checkEnumKeys(values);
  }
  return type;
}

/** Enum keys are unique within an enum (`DuplicateEnumValues`). */
export function checkEnumKeys<V extends { key: string }>(values: V[]): V[] {
  const keys = values.map((value) => value.key);
  const duplicates = [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
  if (duplicates.length > 0) throw Errors.duplicateEnumValues(duplicates);
  return values;
}

/** The enum an attribute type holds: itself, or the element type of a set. */
export function enumOf(type: AttributeType): { kind: EnumKind; values: EnumValue[] } | undefined {
  if (type.name === 'enum' || type.name === 'lenum') return { kind: type.name, values: type.values };
  if (type.name === 'set') return enumOf(type.elementType);
  return undefined;
}

function withEnumType(type: AttributeType, values: EnumValue[]): AttributeType {
  // The element keeps its kind (never a set): only its values change.
  if (type.name === 'set') {
    return { ...type, elementType: withEnumType(type.elementType, values) as AttributeElementType };
  }
  return { ...type, values } as AttributeType;
}

const KIND_NAMES: Record<EnumKind, string> = { enum: 'an enum', lenum: 'a localized enum' };

/**
 * The product type with the enum values of attribute `name` changed. The attribute must be of `kind` (or a
 * set of it) when one is given, else of either enum kind; otherwise the action is `InvalidOperation`.
 */
export function withEnumValues<K extends EnumKind>(
  type: ProductType,
  name: string,
  kind: K | undefined,
  change: (values: EnumValue<K>[], definition: AttributeDefinition) => EnumValue<K>[],
): ProductType {
  return withAttribute(type, name, (definition) => {
    const found = enumOf(definition.type);
    if (!found || (kind !== undefined && found.kind !== kind)) {
      throw Errors.invalidOperation(
        `The attribute '${name}' is not ${kind ? KIND_NAMES[kind] : 'an enum'} attribute (or a set of one).`,
      );
    }
    const values = change(found.values, definition);
    return { ...definition, type: withEnumType(definition.type, checkEnumKeys(values)) };
  });
}

/** The value with `key`; a missing one is `EnumKeyDoesNotExist`. */
export function enumValueNamed<V extends { key: string }>(
  values: V[],
  attributeName: string,
  key: string,
): V {
  const value = values.find((entry) => entry.key === key);
  if (!value) throw Errors.enumKeyDoesNotExist(attributeName, key);
  return value;
}

/** The same values in a new order: exactly the existing ones (keys and labels), else `EnumValuesMustMatch`. */
export function reorderedEnumValues<V extends { key: string; label: unknown }>(
  current: V[],
  wanted: V[],
): V[] {
  const text = (values: V[]) =>
    values.map((value) => JSON.stringify([value.key, value.label])).sort((a, b) => (a < b ? -1 : 1));
  if (JSON.stringify(text(current)) !== JSON.stringify(text(wanted))) throw Errors.enumValuesMustMatch();
  return wanted.map((value) => ({ key: value.key, label: value.label }) as V);
}

/** The definitions in the order of `names`, which must name each of them exactly once. */
export function reorderedByName(type: ProductType, names: string[]): AttributeDefinition[] {
  const current = type.attributes.map((attribute) => attribute.name);
  if (names.length !== current.length || new Set(names).size !== names.length) {
    throw Errors.invalidOperation('attributeNames must name every attribute definition exactly once.');
  }
  return names.map((name) => attributeNamed(type, name));
}

/**
 * The shape of an attribute type that must agree across product types: enum values may differ (PSDK
 * `AttributeDefinitionDraft.name`), everything else may not.
 */
export function typeShape(type: AttributeType): unknown {
  if (type.name === 'enum' || type.name === 'lenum') return { name: type.name };
  if (type.name === 'set') return { name: 'set', elementType: typeShape(type.elementType) };
  return type;
}
