import { REFERENCE_TYPE_ID, enumValues, isLocalized, isString } from '../types/field-type.js';
import type { AttributeType } from './product-type.types.js';

const SIMPLE_ATTRIBUTE_TYPES = new Set([
  'boolean',
  'text',
  'ltext',
  'number',
  'money',
  'date',
  'time',
  'datetime',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A clean copy of an attribute type, or undefined when the value is not one (nested types are not supported). */
export function attributeTypeOf(value: unknown, inSet = false): AttributeType | undefined {
  if (!isObject(value) || typeof value.name !== 'string') return undefined;
  const { name } = value;
  if (SIMPLE_ATTRIBUTE_TYPES.has(name)) return { name } as AttributeType;
  switch (name) {
    case 'enum': {
      const values = enumValues(value.values, isString);
      return values && { name, values };
    }
    case 'lenum': {
      const values = enumValues(value.values, isLocalized);
      return values && { name, values };
    }
    case 'reference':
      return typeof value.referenceTypeId === 'string' && REFERENCE_TYPE_ID.test(value.referenceTypeId)
        ? { name, referenceTypeId: value.referenceTypeId }
        : undefined;
    case 'set': {
      if (inSet) return undefined;
      const elementType = attributeTypeOf(value.elementType, true);
      return elementType && elementType.name !== 'set' ? { name, elementType } : undefined;
    }
    default:
      return undefined;
  }
}
