import {
  array,
  type Infer,
  key,
  localizedString,
  object,
  optional,
  resource,
  string,
} from '../shapes/shape.js';

/**
 * An Attribute Group (SDK attribute-group.ts): a named set of Attribute names (by their AttributeDefinition's
 * name, as `key`), for tools that let people edit some Attributes and not others. Each key at most once.
 */
export const AttributeGroupShape = resource('AttributeGroup', {
  name: localizedString(),
  description: optional(localizedString()),
  attributes: array(object('AttributeReference', { key: string() })),
  key: optional(key()),
});

export type AttributeGroup = Infer<typeof AttributeGroupShape>;
export type AttributeReference = AttributeGroup['attributes'][number];
