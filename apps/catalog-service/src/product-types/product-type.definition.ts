import {
  ProductTypeDraftDto,
  type AttributeDefinition,
  type ProductType,
  ProductTypeResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { type ResourceDefinition, type DeclaredActionTable } from '@commerce/resources';
import { attributeDefinitionOf } from './attribute-definitions.js';
import { productTypeAttributeActions } from './product-type-attribute-actions.js';
import { productTypeBasicActions } from './product-type-basic-actions.js';
import { productTypeEnumActions } from './product-type-enum-actions.js';
import { productTypesTable } from './product-types.table.js';

export const PRODUCT_TYPE_ENGINE = Symbol('PRODUCT_TYPE_ENGINE');

function uniqueNames(attributes: AttributeDefinition[]): AttributeDefinition[] {
  const names = attributes.map((attribute) => attribute.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw Errors.duplicateField('attributes.name', duplicate);
  return attributes;
}

/** Product types: the attributes a product's variants may carry. Products refer to them. */
export function defineProductType(): ResourceDefinition<ProductType, ProductTypeDraftDto> {
  return {
    typeId: ProductTypeResource.typeId,
    table: productTypesTable,
    draft: ProductTypeDraftDto,
    actions: {
      ...productTypeBasicActions,
      ...productTypeAttributeActions,
      ...productTypeEnumActions,
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
