import {
  OrderEditAddStagedActionAction,
  OrderEditDraftDto,
  OrderEditSetCommentAction,
  OrderEditSetKeyAction,
  OrderEditSetStagedActionsAction,
  type FullActionsOf,
  type OrderEdit,
  type OrderEditResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ActionContext,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { requireEditable, type OrderEditPreviews } from './order-edit-preview.js';
import { orderEditsTable } from './order-edits.table.js';

export const ORDER_EDIT_ENGINE = Symbol('ORDER_EDIT_ENGINE');

/**
 * Order Edits: staged actions on an order and, whenever they change, their preview on the order as it is now
 * (`OrderEditPreviews`). Applying one is `OrderEditApplication` (order-edit-apply.ts).
 */
export function defineOrderEdit(
  resolver: ReferenceResolver,
  previews: OrderEditPreviews,
): ResourceDefinition<OrderEdit, OrderEditDraftDto> {
  const custom = customFieldActions<OrderEdit>('order-edit', resolver);
  const restaged = async (edit: OrderEdit, stagedActions: object[], { ctx }: ActionContext) => {
    if (edit.result.type === 'Applied')
      throw Errors.invalidOperation('The staged actions of an applied Order Edit cannot be changed.');
    previews.validate(stagedActions);
    const order = await previews.order(ctx, edit.resource);
    const result = await previews.result(ctx, order, stagedActions);
    return { resource: { ...edit, stagedActions: stagedActions as OrderEdit['stagedActions'], result } };
  };
  const actions = {
    addStagedAction: action(OrderEditAddStagedActionAction, (edit: OrderEdit, { stagedAction }, context) =>
      restaged(edit, [...edit.stagedActions, stagedAction], context),
    ),
    setStagedActions: action(OrderEditSetStagedActionsAction, (edit: OrderEdit, { stagedActions }, context) =>
      restaged(edit, stagedActions, context),
    ),
    setComment: action(OrderEditSetCommentAction, (edit: OrderEdit, { comment }) => ({
      resource: withOptional(edit, 'comment', comment),
    })),
    setKey: action(OrderEditSetKeyAction, (edit: OrderEdit, { key }) => ({
      resource: withOptional(edit, 'key', key),
    })),
    setCustomType: custom.setCustomType,
    setCustomField: custom.setCustomField,
  } satisfies DeclaredActionTable<OrderEdit, FullActionsOf<typeof OrderEditResource>>;
  return {
    typeId: 'order-edit',
    table: orderEditsTable,
    draft: OrderEditDraftDto,
    actions,
    build: async (draft, { ctx }) => {
      const stagedActions = draft.stagedActions ?? [];
      previews.validate(stagedActions);
      const order = await previews.order(ctx, draft.resource);
      requireEditable(order);
      const customFields = await resolveCustomFields(resolver, ctx, 'order-edit', draft.custom);
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        resource: { typeId: 'order', id: order.id },
        stagedActions: stagedActions as OrderEdit['stagedActions'],
        result: await previews.result(ctx, order, stagedActions),
        ...(draft.comment !== undefined ? { comment: draft.comment } : {}),
        ...(customFields ? { custom: customFields } : {}),
      };
    },
  };
}
