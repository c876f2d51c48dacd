import type { CustomerGroup } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { customerGroupQuerySchema } from './customer-group.schema.js';

/** Names are unique per project: the index `customer_groups_name_uq` answers `DuplicateField name`. */
export const customerGroupsTable = new DocumentTable<CustomerGroup>(
  '"catalog"."customer_groups"',
  customerGroupQuerySchema,
);
