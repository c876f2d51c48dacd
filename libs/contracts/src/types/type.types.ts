import type { BaseResource, LocalizedString } from '../common/types.js';

export type FieldType =
  | { name: 'Boolean' | 'String' | 'LocalizedString' | 'Number' | 'Money' | 'Date' | 'Time' | 'DateTime' }
  | { name: 'Enum'; values: Array<{ key: string; label: string }> }
  | { name: 'LocalizedEnum'; values: Array<{ key: string; label: LocalizedString }> }
  | { name: 'Reference'; referenceTypeId: string }
  | { name: 'Set'; elementType: FieldType };

export interface FieldDefinition {
  type: FieldType;
  name: string;
  label: LocalizedString;
  required: boolean;
  inputHint?: 'SingleLine' | 'MultiLine';
}

/** A Type: the field definitions of custom fields (reference facts 4.4). */
export interface Type extends BaseResource {
  key: string;
  name: LocalizedString;
  description?: LocalizedString;
  resourceTypeIds: string[];
  fieldDefinitions: FieldDefinition[];
}
