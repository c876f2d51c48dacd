import { CustomerGroupShape, type CustomerGroup } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** Names are unique per project: the index `customer_groups_name_uq` answers `DuplicateField name`. */
export const customerGroupsTable = new DocumentTable<CustomerGroup>(
  '"catalog"."customer_groups"',
  querySchemaOf(CustomerGroupShape),
);
