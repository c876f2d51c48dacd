import { AttributeGroupShape, type AttributeGroup } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const attributeGroupsTable = new DocumentTable<AttributeGroup>(
  '"catalog"."attribute_groups"',
  querySchemaOf(AttributeGroupShape),
);
