import { TEXT_INPUT_HINTS } from '../product-types/product-type.types.js';
import {
  array,
  boolean,
  enumOf,
  inGraphqlSelectable,
  key,
  localizedString,
  object,
  optional,
  resource,
  string,
  union,
} from '../shapes/shape.js';

/** The field types a Set may hold (a Set may not hold another Set). */
const ELEMENT_TYPES = {
  Boolean: object('BooleanType', {}),
  String: object('StringType', {}),
  LocalizedString: object('LocalizedStringType', {}),
  Number: object('NumberType', {}),
  Money: object('MoneyType', {}),
  Date: object('DateType', {}),
  Time: object('TimeType', {}),
  DateTime: object('DateTimeType', {}),
  Enum: object('EnumType', { values: array(object('EnumValue', { key: string(), label: string() })) }),
  LocalizedEnum: object('LocalizedEnumType', {
    values: array(object('LocalizedEnumValue', { key: string(), label: localizedString() })),
  }),
  Reference: object('ReferenceType', { referenceTypeId: string() }),
};

/** PSDK `FieldType`, the GraphQL interface `FieldType` (one type per `name`). */
export const FieldTypeShape = union('FieldType', 'name', {
  ...ELEMENT_TYPES,
  Set: object('SetType', { elementType: union('FieldType', 'name', ELEMENT_TYPES) }),
});

/** PSDK `FieldDefinition`. */
export const FieldDefinitionShape = object('FieldDefinition', {
  type: FieldTypeShape,
  name: string(),
  label: localizedString(),
  required: boolean(),
  inputHint: optional(enumOf('TextInputHint', TEXT_INPUT_HINTS)),
});

/** A Type: the field definitions of custom fields (reference facts 4.4); GraphQL's `TypeDefinition`. */
export const TypeShape = resource(
  'TypeDefinition',
  {
    key: key(),
    name: localizedString(),
    description: optional(localizedString()),
    resourceTypeIds: array(string()),
    fieldDefinitions: inGraphqlSelectable('name', array(FieldDefinitionShape)),
  },
  { graphqlQuery: { list: 'typeDefinitions' } },
);
