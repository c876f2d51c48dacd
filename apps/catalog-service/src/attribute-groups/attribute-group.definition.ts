import {
  ATTRIBUTE_GROUP_ACTIONS as A,
  AttributeGroupDraftDto,
  AttributeGroupResource,
  type AttributeGroup,
  type AttributeReference,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type DeclaredActionTable, type ResourceDefinition } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { attributeGroupsTable } from './attribute-groups.table.js';

export const ATTRIBUTE_GROUP_ENGINE = Symbol('ATTRIBUTE_GROUP_ENGINE');

/** The references as stored (`{key}` only), each key at most once: a repeated one is `DuplicateField`. */
export function uniqueAttributes(attributes: readonly AttributeReference[]): AttributeReference[] {
  const seen = new Set<string>();
  for (const { key } of attributes) {
    if (seen.has(key)) throw Errors.duplicateField('attributes', { key });
    seen.add(key);
  }
  return attributes.map(({ key }) => ({ key }));
}

const attributeGroupActions = {
  addAttribute: action(A.addAttribute, (group: AttributeGroup, { attribute }) => ({
    resource: { ...group, attributes: uniqueAttributes([...group.attributes, attribute]) },
  })),
  changeName: action(A.changeName, (group: AttributeGroup, { name }) => ({ resource: { ...group, name } })),
  // Removing a key the group does not hold changes nothing (the sync tools send what differs).
  removeAttribute: action(A.removeAttribute, (group: AttributeGroup, { attribute }) => ({
    resource: { ...group, attributes: group.attributes.filter(({ key }) => key !== attribute.key) },
  })),
  setAttributes: action(A.setAttributes, (group: AttributeGroup, { attributes }) => ({
    resource: { ...group, attributes: uniqueAttributes(attributes) },
  })),
  setDescription: action(A.setDescription, (group: AttributeGroup, { description }) => ({
    resource: withOptional(group, 'description', description),
  })),
  setKey: action(A.setKey, (group: AttributeGroup, { key }) => ({
    resource: withOptional(group, 'key', key),
  })),
} satisfies DeclaredActionTable<AttributeGroup, typeof AttributeGroupResource.actions>;

/**
 * Attribute Groups (SDK attribute-group.ts): a name, an optional description and key, and Attribute names
 * (`{key}`), each at most once (`DuplicateField attributes`). The names are not checked against Product
 * Types: a group may name an Attribute before any Product Type defines it. The live API emits no Messages
 * for them.
 */
export function defineAttributeGroup(): ResourceDefinition<AttributeGroup, AttributeGroupDraftDto> {
  return {
    typeId: AttributeGroupResource.typeId,
    table: attributeGroupsTable,
    draft: AttributeGroupDraftDto,
    actions: attributeGroupActions,
    build: (draft) => ({
      name: draft.name,
      ...(draft.description ? { description: draft.description } : {}),
      attributes: uniqueAttributes(draft.attributes),
      ...(draft.key ? { key: draft.key } : {}),
    }),
  };
}
