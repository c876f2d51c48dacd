import {
  fieldTypeOf,
  type FieldDefinition,
  type FieldDefinitionDto,
  type FieldElementType,
  type FieldType,
  type LocalizedString,
  type Type,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** A clean field definition from a validated DTO (the field type without unknown properties). */
export function fieldDefinitionOf(dto: FieldDefinitionDto): FieldDefinition {
  const type = fieldTypeOf(dto.type);
  if (!type) throw Errors.invalidField('type', dto.type);
  return {
    type,
    name: dto.name,
    label: dto.label,
    required: dto.required,
    ...(dto.inputHint ? { inputHint: dto.inputHint } : {}),
  };
}

/** Field names are unique within a Type. */
export function checkUniqueNames(definitions: FieldDefinition[]): FieldDefinition[] {
  const seen = new Set<string>();
  for (const { name } of definitions) {
    if (seen.has(name)) throw Errors.duplicateField('fieldDefinitions.name', name);
    seen.add(name);
  }
  return definitions;
}

/** The named field definition; a missing one is `InvalidOperation`. */
export function fieldNamed(type: Type, fieldName: string): FieldDefinition {
  const definition = type.fieldDefinitions.find((field) => field.name === fieldName);
  if (!definition) throw Errors.invalidOperation(`The Type has no field definition named '${fieldName}'.`);
  return definition;
}

/** The Type with one field definition replaced. */
export function withField(
  type: Type,
  fieldName: string,
  change: (field: FieldDefinition) => FieldDefinition,
): Type {
  fieldNamed(type, fieldName);
  return {
    ...type,
    fieldDefinitions: type.fieldDefinitions.map((field) =>
      field.name === fieldName ? change(field) : field,
    ),
  };
}

/** The same order of the same names, or `InvalidOperation`. */
export function reordered<T>(items: T[], keyOf: (item: T) => string, order: string[], what: string): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  if (
    order.length !== items.length ||
    new Set(order).size !== order.length ||
    !order.every((key) => byKey.has(key))
  ) {
    throw Errors.invalidOperation(`The new order must name every ${what} exactly once.`);
  }
  return order.map((key) => byKey.get(key)!);
}

interface EnumValues {
  Enum: Array<{ key: string; label: string }>;
  LocalizedEnum: Array<{ key: string; label: LocalizedString }>;
}

/**
 * Changes the values of an Enum or LocalizedEnum field, directly or as the element type of a Set; a field of
 * another type is `InvalidOperation`.
 */
export function withEnumValues<K extends keyof EnumValues>(
  type: Type,
  fieldName: string,
  kind: K,
  change: (values: EnumValues[K]) => EnumValues[K],
): Type {
  return withField(type, fieldName, (field) => {
    const apply = (fieldType: FieldType): FieldType | undefined => {
      if (fieldType.name === kind) {
        return {
          name: kind,
          values: change((fieldType as unknown as { values: EnumValues[K] }).values),
        } as FieldType;
      }
      if (fieldType.name === 'Set') {
        const elementType = apply(fieldType.elementType);
        // An element keeps its kind (never a Set): only its values change.
        return elementType && { name: 'Set', elementType: elementType as FieldElementType };
      }
      return undefined;
    };
    const next = apply(field.type);
    if (!next) throw Errors.invalidOperation(`The field '${fieldName}' is not of type ${kind}.`);
    return { ...field, type: next };
  });
}
