import {
  ACTIVE_DISCOUNT_GROUP_LIMIT,
  DISCOUNT_GROUP_ACTIONS as A,
  DiscountGroupDraftDto,
  type DiscountGroup,
  type DiscountGroupResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type DeclaredActionTable, type ResourceDefinition } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { discountGroupsTable } from './discount-groups.table.js';
import { activeDiscountGroups, requireFreeSortOrder } from './discount-sort-order.js';

export const DISCOUNT_GROUP_ENGINE = Symbol('DISCOUNT_GROUP_ENGINE');

const discountGroupActions = {
  setDescription: action(A.setDescription, (group: DiscountGroup, { description }) => ({
    resource: withOptional(group, 'description', description),
  })),
  setName: action(A.setName, (group: DiscountGroup, { name }) => ({
    resource: withOptional(group, 'name', name),
  })),
  setKey: action(A.setKey, (group: DiscountGroup, { key }) => {
    if (key === group.key) return { resource: group };
    return {
      resource: { ...group, key },
      messages: [{ type: 'DiscountGroupKeySet', key, oldKey: group.key }],
    };
  }),
  setIsActive: action(A.setIsActive, async (group: DiscountGroup, { isActive }, { ctx, db }) => {
    if (isActive === group.isActive) return { resource: group };
    if (isActive && (await activeDiscountGroups(db, ctx.projectKey)) >= ACTIVE_DISCOUNT_GROUP_LIMIT)
      throw Errors.maxDiscountGroupsReached(ACTIVE_DISCOUNT_GROUP_LIMIT);
    return {
      resource: { ...group, isActive },
      messages: [{ type: 'DiscountGroupIsActiveSet', isActive, oldIsActive: group.isActive }],
    };
  }),
  setSortOrder: action(A.setSortOrder, async (group: DiscountGroup, { sortOrder }, { ctx, db }) => {
    if (sortOrder === group.sortOrder) return { resource: group };
    await requireFreeSortOrder(db, ctx.projectKey, sortOrder, { typeId: 'discount-group', id: group.id });
    return {
      resource: { ...group, sortOrder },
      messages: [{ type: 'DiscountGroupSortOrderSet', sortOrder, oldSortOrder: group.sortOrder }],
      // The group's Cart Discounts show the group's sortOrder: written in the same transaction (their
      // version does not change; the application reads the group's own value anyway).
      write: async (tx) => {
        await tx.query(
          `UPDATE "checkout"."cart_discounts" SET doc = jsonb_set(doc, '{sortOrder}', to_jsonb($3::text))
            WHERE project_key = $1 AND doc->'discountGroup'->>'id' = $2`,
          [ctx.projectKey, group.id, sortOrder],
        );
      },
    };
  }),
} satisfies DeclaredActionTable<DiscountGroup, typeof DiscountGroupResource.actions>;

/**
 * Discount Groups (SDK discount-group.ts): `key` and `sortOrder` required, the sortOrder unique among the
 * project's groups and ungrouped Cart Discounts (DuplicateField), at most 100 active groups
 * (MaxDiscountGroupsReached). A group its Cart Discounts still name cannot be deleted (ReferenceExists).
 */
export function defineDiscountGroup(): ResourceDefinition<DiscountGroup, DiscountGroupDraftDto> {
  return {
    typeId: 'discount-group',
    table: discountGroupsTable,
    draft: DiscountGroupDraftDto,
    actions: discountGroupActions,
    async build(draft, { ctx, db }) {
      await requireFreeSortOrder(db, ctx.projectKey, draft.sortOrder);
      const isActive = draft.isActive ?? true;
      if (isActive && (await activeDiscountGroups(db, ctx.projectKey)) >= ACTIVE_DISCOUNT_GROUP_LIMIT)
        throw Errors.maxDiscountGroupsReached(ACTIVE_DISCOUNT_GROUP_LIMIT);
      return {
        key: draft.key,
        ...(draft.name ? { name: draft.name } : {}),
        ...(draft.description ? { description: draft.description } : {}),
        sortOrder: draft.sortOrder,
        isActive,
      };
    },
    async beforeDelete(group, { ctx, db }) {
      const rows = await db.query<unknown[]>(
        `SELECT 1 FROM "checkout"."cart_discounts"
          WHERE project_key = $1 AND doc->'discountGroup'->>'id' = $2 LIMIT 1`,
        [ctx.projectKey, group.id],
      );
      if (rows.length > 0) throw Errors.referenceExists('discount-group', 'cart-discount');
    },
    createdMessage: (discountGroup) => ({ type: 'DiscountGroupCreated', discountGroup }),
    deletedMessage: () => ({ type: 'DiscountGroupDeleted' }),
  };
}
