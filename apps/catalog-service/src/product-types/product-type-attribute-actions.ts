import {
  AddAttributeDefinitionAction,
  ChangeAttributeConstraintAction,
  ChangeAttributeInputHintAction,
  ChangeAttributeIsSearchableAction,
  ChangeAttributeLabelAction,
  ChangeAttributeNameAction,
  ChangeAttributeOrderByNameAction,
  RemoveAttributeDefinitionAction,
  SetAttributeInputTipAction,
  type AttributeDefinition,
  type AttributeType,
  type ProductType,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { action, sameJson, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import {
  attributeDefinitionOf,
  attributeNamed,
  checkAttributeDefinitions,
  reorderedByName,
  typeShape,
  withAttribute,
} from './attribute-definitions.js';
import { changeProductsOfType, removingAttribute, renamingAttribute } from './product-type-products.js';

/**
 * An attribute name used by other product types must have the same type there (enum values aside):
 * otherwise `AttributeDefinitionTypeConflict`.
 */
async function checkTypeAcrossProductTypes(
  db: Queryable,
  ctx: RequestContext,
  self: ProductType,
  definition: AttributeDefinition,
): Promise<void> {
  const rows = await db.query<Array<{ id: string; name: string; type: AttributeType }>>(
    `SELECT t.id, t.doc->>'name' AS name, a->'type' AS type
     FROM "catalog"."product_types" t, jsonb_array_elements(t.doc->'attributes') a
     WHERE t.project_key = $1 AND t.id <> $2 AND t.doc @> $3::jsonb AND a->>'name' = $4`,
    [ctx.projectKey, self.id, JSON.stringify({ attributes: [{ name: definition.name }] }), definition.name],
  );
  const conflicting = rows.find((row) => !sameJson(typeShape(row.type), typeShape(definition.type)));
  if (conflicting) throw Errors.attributeDefinitionTypeConflict(definition.name, conflicting);
}

/** The actions on whole attribute definitions and on their plain fields. */
export const productTypeAttributeActions = {
  addAttributeDefinition: action(
    AddAttributeDefinitionAction,
    async (type: ProductType, { attribute }, { ctx, db }) => {
      const definition = attributeDefinitionOf(attribute);
      const resource = checkAttributeDefinitions({ ...type, attributes: [...type.attributes, definition] });
      await checkTypeAcrossProductTypes(db, ctx, type, definition);
      return { resource };
    },
  ),

  /** The attribute leaves every product of the type too. */
  removeAttributeDefinition: action(
    RemoveAttributeDefinitionAction,
    (type: ProductType, { name }, { ctx }) => {
      attributeNamed(type, name);
      return {
        resource: { ...type, attributes: type.attributes.filter((attribute) => attribute.name !== name) },
        write: changeProductsOfType(ctx, type.id, removingAttribute(name)),
      };
    },
  ),

  /** The attribute is renamed on every product of the type too. */
  changeAttributeName: action(
    ChangeAttributeNameAction,
    async (type: ProductType, { attributeName, newAttributeName }, { ctx, db }) => {
      if (attributeName === newAttributeName)
        return { resource: withAttribute(type, attributeName, (d) => d) };
      const resource = checkAttributeDefinitions(
        withAttribute(type, attributeName, (definition) => ({ ...definition, name: newAttributeName })),
      );
      await checkTypeAcrossProductTypes(db, ctx, type, attributeNamed(resource, newAttributeName));
      return {
        resource,
        write: changeProductsOfType(ctx, type.id, renamingAttribute(attributeName, newAttributeName)),
      };
    },
  ),

  changeAttributeOrderByName: action(
    ChangeAttributeOrderByNameAction,
    (type: ProductType, { attributeNames }) => ({
      resource: { ...type, attributes: reorderedByName(type, attributeNames) },
    }),
  ),

  /** Only `SameForAll` or `Unique` may become `None` (PSDK `ProductTypeChangeAttributeConstraintAction`). */
  changeAttributeConstraint: action(
    ChangeAttributeConstraintAction,
    (type: ProductType, { attributeName, newValue }) => ({
      resource: withAttribute(type, attributeName, (definition) => {
        const from = definition.attributeConstraint;
        if (from !== newValue && from !== 'SameForAll' && from !== 'Unique') {
          throw Errors.invalidOperation(
            `The attributeConstraint of '${attributeName}' can not change from ${from} to ${newValue}: only SameForAll or Unique can become None.`,
          );
        }
        return { ...definition, attributeConstraint: newValue };
      }),
    }),
  ),

  changeLabel: action(ChangeAttributeLabelAction, (type: ProductType, { attributeName, label }) => ({
    resource: withAttribute(type, attributeName, (definition) => ({ ...definition, label })),
  })),

  setInputTip: action(SetAttributeInputTipAction, (type: ProductType, { attributeName, inputTip }) => ({
    resource: withAttribute(type, attributeName, (definition) =>
      withOptional(definition, 'inputTip', inputTip),
    ),
  })),

  changeInputHint: action(
    ChangeAttributeInputHintAction,
    (type: ProductType, { attributeName, newValue }) => ({
      resource: withAttribute(type, attributeName, (definition) => ({ ...definition, inputHint: newValue })),
    }),
  ),

  changeIsSearchable: action(
    ChangeAttributeIsSearchableAction,
    (type: ProductType, { attributeName, isSearchable }) => ({
      resource: withAttribute(type, attributeName, (definition) => ({ ...definition, isSearchable })),
    }),
  ),
} satisfies ActionTable<ProductType>;
