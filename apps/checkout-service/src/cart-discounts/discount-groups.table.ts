import { DiscountGroupShape, type DiscountGroup } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** `sortOrder` is unique among a project's groups (`discount_groups_sortOrder_uq`); the key too. */
export const discountGroupsTable = new DocumentTable<DiscountGroup>(
  '"checkout"."discount_groups"',
  querySchemaOf(DiscountGroupShape),
);
