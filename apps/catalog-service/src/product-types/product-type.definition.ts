import {
  ChangeProductTypeDescriptionAction,
  ChangeProductTypeNameAction,
  ProductTypeDraftDto,
  SetProductTypeKeyAction,
  attributeTypeOf,
  type AttributeDefinition,
  type AttributeDefinitionDraftDto,
  type ProductType,
  type ProductTypeResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ResourceDefinition, type DeclaredActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { productTypesTable } from './product-types.table.js';

export const PRODUCT_TYPE_ENGINE = Symbol('PRODUCT_TYPE_ENGINE');

/** An attribute definition with the defaults of the API filled in. */
export function attributeDefinitionOf(draft: AttributeDefinitionDraftDto): AttributeDefinition {
  const type = attributeTypeOf(draft.type);
  if (!type) throw Errors.invalidField('type', draft.type);
  return {
    type,
    name: draft.name,
    label: draft.label,
    isRequired: draft.isRequired,
    level: draft.level ?? 'Variant',
    attributeConstraint: draft.attributeConstraint ?? 'None',
    ...(draft.inputTip ? { inputTip: draft.inputTip } : {}),
    inputHint: draft.inputHint ?? 'SingleLine',
    isSearchable: draft.isSearchable ?? true,
  };
}

function uniqueNames(attributes: AttributeDefinition[]): AttributeDefinition[] {
  const names = attributes.map((attribute) => attribute.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw Errors.duplicateField('attributes.name', duplicate);
  return attributes;
}

/** Product types: the attributes a product's variants may carry. Products refer to them. */
export function defineProductType(): ResourceDefinition<ProductType, ProductTypeDraftDto> {
  return {
    typeId: 'product-type',
    table: productTypesTable,
    draft: ProductTypeDraftDto,
    actions: {
      changeName: action(ChangeProductTypeNameAction, (type: ProductType, { name }) => ({
        resource: { ...type, name },
      })),
      changeDescription: action(ChangeProductTypeDescriptionAction, (type: ProductType, { description }) => ({
        resource: { ...type, description },
      })),
      setKey: action(SetProductTypeKeyAction, (type: ProductType, { key }) => ({
        resource: withOptional(type, 'key', key),
      })),
    } satisfies DeclaredActionTable<ProductType, typeof ProductTypeResource.actions>,
    build: (draft) => ({
      ...(draft.key ? { key: draft.key } : {}),
      name: draft.name,
      description: draft.description,
      attributes: uniqueNames((draft.attributes ?? []).map(attributeDefinitionOf)),
    }),
    async beforeDelete(type, { ctx, db }) {
      const usage = JSON.stringify({ productType: { id: type.id } });
      const rows = await db.query<unknown[]>(
        `SELECT 1 FROM "catalog"."products" WHERE project_key = $1 AND doc @> $2::jsonb LIMIT 1`,
        [ctx.projectKey, usage],
      );
      if (rows.length > 0) throw Errors.referenceExists('product-type', 'product');
    },
  };
}
