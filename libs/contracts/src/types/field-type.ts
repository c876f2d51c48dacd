import type { FieldType } from './type.types.js';

const SIMPLE_FIELD_TYPES = new Set([
  'Boolean',
  'String',
  'LocalizedString',
  'Number',
  'Money',
  'Date',
  'Time',
  'DateTime',
]);

/** The resource types a Type may be meant for (PSDK `ResourceTypeId`). */
export const RESOURCE_TYPE_IDS = [
  'address',
  'approval-flow',
  'approval-rule',
  'asset',
  'associate-role',
  'business-unit',
  'cart-discount',
  'category',
  'channel',
  'custom-line-item',
  'customer',
  'customer-group',
  'discount-code',
  'inventory-entry',
  'line-item',
  'order',
  'order-delivery',
  'order-edit',
  'order-parcel',
  'order-return-item',
  'payment',
  'payment-interface-interaction',
  'payment-method',
  'payment-method-info',
  'product-price',
  'product-selection',
  'product-tailoring',
  'quote',
  'recurring-order',
  'reservation',
  'review',
  'shipping',
  'shipping-method',
  'shopping-list',
  'shopping-list-text-line-item',
  'standalone-price',
  'store',
  'transaction',
] as const;

/** Field names of custom fields: reference facts 4.4. */
export const FIELD_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export const REFERENCE_TYPE_ID = /^[a-z]+(-[a-z]+)*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isLocalized = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** Clean `{key, label}` enum values with unique non-empty keys, or undefined. */
export function enumValues<L>(values: unknown, isLabel: (label: unknown) => label is L) {
  if (!Array.isArray(values)) return undefined;
  const clean: Array<{ key: string; label: L }> = [];
  for (const value of values) {
    if (!isObject(value) || typeof value.key !== 'string' || value.key === '' || !isLabel(value.label)) {
      return undefined;
    }
    if (clean.some((entry) => entry.key === value.key)) return undefined;
    clean.push({ key: value.key, label: value.label });
  }
  return clean;
}

/**
 * A clean copy of a custom field type (unknown properties dropped), or undefined when the value is not one.
 * Enum keys must be unique; a Set may not hold another Set.
 */
export function fieldTypeOf(value: unknown, inSet = false): FieldType | undefined {
  if (!isObject(value) || typeof value.name !== 'string') return undefined;
  const { name } = value;
  if (SIMPLE_FIELD_TYPES.has(name)) return { name } as FieldType;
  switch (name) {
    case 'Enum': {
      const values = enumValues(value.values, isString);
      return values && { name, values };
    }
    case 'LocalizedEnum': {
      const values = enumValues(value.values, isLocalized);
      return values && { name, values };
    }
    case 'Reference':
      return typeof value.referenceTypeId === 'string' && REFERENCE_TYPE_ID.test(value.referenceTypeId)
        ? { name, referenceTypeId: value.referenceTypeId }
        : undefined;
    case 'Set': {
      if (inSet) return undefined;
      const elementType = fieldTypeOf(value.elementType, true);
      return elementType && elementType.name !== 'Set' ? { name, elementType } : undefined;
    }
    default:
      return undefined;
  }
}
