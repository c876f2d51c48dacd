import {
  array,
  boolean,
  enumOf,
  inGraphqlAs,
  inGraphqlSelectable,
  key,
  localizedString,
  object,
  optional,
  resource,
  string,
  union,
} from '../shapes/shape.js';

import { ATTRIBUTE_CONSTRAINTS, ATTRIBUTE_LEVELS, TEXT_INPUT_HINTS } from './product-type.types.js';

/** The attribute types a Set may hold (a Set may not hold another Set). */
const ELEMENT_TYPES = {
  boolean: object('BooleanAttributeDefinitionType', {}),
  text: object('TextAttributeDefinitionType', {}),
  ltext: object('LocalizableTextAttributeDefinitionType', {}),
  number: object('NumberAttributeDefinitionType', {}),
  money: object('MoneyAttributeDefinitionType', {}),
  date: object('DateAttributeDefinitionType', {}),
  time: object('TimeAttributeDefinitionType', {}),
  datetime: object('DateTimeAttributeDefinitionType', {}),
  enum: object('EnumAttributeDefinitionType', {
    values: inGraphqlSelectable('key', array(object('PlainEnumValue', { key: string(), label: string() })), {
      paged: true,
    }),
  }),
  lenum: object('LocalizableEnumAttributeDefinitionType', {
    values: inGraphqlSelectable(
      'key',
      array(object('LocalizableEnumValueType', { key: string(), label: localizedString() })),
      { paged: true },
    ),
  }),
  reference: object('ReferenceAttributeDefinitionType', { referenceTypeId: string() }),
};

/** PSDK `AttributeType`, the GraphQL interface `AttributeDefinitionType` (one type per `name`). */
export const AttributeTypeShape = union('AttributeDefinitionType', 'name', {
  ...ELEMENT_TYPES,
  set: object('SetAttributeDefinitionType', {
    elementType: union('AttributeDefinitionType', 'name', ELEMENT_TYPES),
  }),
});

/** PSDK `AttributeDefinition`. */
export const AttributeDefinitionShape = object('AttributeDefinition', {
  type: AttributeTypeShape,
  name: string(),
  label: localizedString(),
  isRequired: boolean(),
  level: enumOf('AttributeLevel', ATTRIBUTE_LEVELS),
  attributeConstraint: enumOf('AttributeConstraint', ATTRIBUTE_CONSTRAINTS),
  inputTip: optional(localizedString()),
  inputHint: enumOf('TextInputHint', TEXT_INPUT_HINTS),
  isSearchable: boolean(),
});

/**
 * A ProductType: the attributes its Products' variants may carry. `name` and `description` are plain
 * strings; GraphQL answers it as `ProductTypeDefinition`, its attributes as the page `attributeDefinitions`.
 */
export const ProductTypeShape = resource(
  'ProductTypeDefinition',
  {
    key: optional(key()),
    name: string(),
    description: string(),
    attributes: inGraphqlAs(
      'attributeDefinitions',
      inGraphqlSelectable('name', array(AttributeDefinitionShape), { paged: true }),
    ),
  },
  { graphqlQuery: { single: 'productType' } },
);
