import type {
  Attribute,
  AttributeType,
  FieldElementType,
  FieldType,
  ProductType,
  ProductVariant,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { fitsFieldType } from '@commerce/resources';

const SIMPLE: Record<string, FieldType['name']> = {
  boolean: 'Boolean',
  text: 'String',
  ltext: 'LocalizedString',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
};

/** The custom field type that accepts the same values as an attribute type. */
export function asFieldType(type: AttributeType): FieldType {
  switch (type.name) {
    case 'enum':
      return { name: 'Enum', values: type.values };
    case 'lenum':
      return { name: 'LocalizedEnum', values: type.values };
    case 'reference':
      return { name: 'Reference', referenceTypeId: type.referenceTypeId };
    case 'set':
      // An element type maps to an element type (a set's element is never a set).
      return { name: 'Set', elementType: asFieldType(type.elementType) as FieldElementType };
    case 'boolean':
    case 'text':
    case 'ltext':
    case 'number':
    case 'money':
    case 'date':
    case 'time':
    case 'datetime':
      return { name: SIMPLE[type.name] } as FieldType;
  }
}

/**
 * An attribute value as the live API stores it once it fits the type: an enum value given by its key becomes
 * the `{key, label}` of the product type (in sets too).
 */
export function attributeValueOf(type: AttributeType, value: unknown): unknown {
  if (type.name === 'enum' || type.name === 'lenum') {
    return (type.values as Array<{ key: string }>).find((entry) => entry.key === value) ?? value;
  }
  if (type.name === 'set' && Array.isArray(value)) {
    return value.map((element) => attributeValueOf(type.elementType, element));
  }
  return value;
}

/**
 * A variant's attributes against its product type: each must be defined there, fit its type and appear
 * once, and every required attribute must be present. Answers them with their stored values.
 */
export function checkAttributes(productType: ProductType, attributes: Attribute[]): Attribute[] {
  const seen = new Set<string>();
  const checked: Attribute[] = [];
  for (const { name, value } of attributes) {
    const definition = productType.attributes.find((attribute) => attribute.name === name);
    if (!definition || !fitsFieldType(asFieldType(definition.type), value))
      throw Errors.invalidField(name, value);
    if (seen.has(name)) throw Errors.duplicateField('attributes.name', name);
    seen.add(name);
    checked.push({ name, value: attributeValueOf(definition.type, value) });
  }
  for (const definition of productType.attributes) {
    if (definition.isRequired && !seen.has(definition.name)) throw Errors.requiredField(definition.name);
  }
  return checked;
}

/** The variants with their attributes checked and stored as the live API stores them. */
export function checkVariantAttributes(
  productType: ProductType,
  variants: ProductVariant[],
): ProductVariant[] {
  return variants.map((variant) => ({
    ...variant,
    attributes: checkAttributes(productType, variant.attributes),
  }));
}
