import {
  ChangeCustomerGroupNameAction,
  CustomerGroupDraftDto,
  SetCustomerGroupKeyAction,
  type CustomerGroup,
  CustomerGroupResource,
} from '@commerce/contracts';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ResourceDefinition,
  type DeclaredActionTable,
} from '@commerce/resources';
import type { CatalogDeps } from '../shared/catalog-deps.js';
import { withOptional } from '../shared/fields.js';
import { customerGroupsTable } from './customer-groups.table.js';

export const CUSTOMER_GROUP_ENGINE = Symbol('CUSTOMER_GROUP_ENGINE');

/** Customer groups: the draft's `groupName` becomes `name`, unique per project. */
export function defineCustomerGroup({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<CustomerGroup, CustomerGroupDraftDto> {
  return {
    typeId: CustomerGroupResource.typeId,
    table: customerGroupsTable,
    draft: CustomerGroupDraftDto,
    actions: {
      changeName: action(ChangeCustomerGroupNameAction, (group: CustomerGroup, { name }) => ({
        resource: { ...group, name },
      })),
      setKey: action(SetCustomerGroupKeyAction, (group: CustomerGroup, { key }) => ({
        resource: withOptional(group, 'key', key),
      })),
      ...customFieldActions<CustomerGroup>('customer-group', resolver),
    } satisfies DeclaredActionTable<CustomerGroup, typeof CustomerGroupResource.actions>,
    async build(draft, { ctx }) {
      const custom = await resolveCustomFields(resolver, ctx, 'customer-group', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.groupName,
        ...(custom ? { custom } : {}),
      };
    },
  };
}
