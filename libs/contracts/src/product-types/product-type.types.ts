import type { BaseResource, LocalizedString } from '../common/types.js';

export type AttributeType =
  | { name: 'boolean' | 'text' | 'ltext' | 'number' | 'money' | 'date' | 'time' | 'datetime' }
  | { name: 'enum'; values: Array<{ key: string; label: string }> }
  | { name: 'lenum'; values: Array<{ key: string; label: LocalizedString }> }
  | { name: 'reference'; referenceTypeId: string }
  | { name: 'set'; elementType: AttributeType };

export const ATTRIBUTE_LEVELS = ['Product', 'Variant'] as const;
export const ATTRIBUTE_CONSTRAINTS = ['None', 'Unique', 'CombinationUnique', 'SameForAll'] as const;
export const TEXT_INPUT_HINTS = ['SingleLine', 'MultiLine'] as const;

export interface AttributeDefinition {
  type: AttributeType;
  name: string;
  label: LocalizedString;
  isRequired: boolean;
  level: (typeof ATTRIBUTE_LEVELS)[number];
  attributeConstraint: (typeof ATTRIBUTE_CONSTRAINTS)[number];
  inputTip?: LocalizedString;
  inputHint: (typeof TEXT_INPUT_HINTS)[number];
  isSearchable: boolean;
}

/** A ProductType: the attributes its Products' variants may carry. `name` and `description` are plain strings. */
export interface ProductType extends BaseResource {
  key?: string;
  name: string;
  description: string;
  attributes: AttributeDefinition[];
}
