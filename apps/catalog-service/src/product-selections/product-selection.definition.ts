import {
  ChangeProductSelectionNameAction,
  ProductSelectionDraftDto,
  SetProductSelectionKeyAction,
  type ProductSelection,
  ProductSelectionResource,
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
import { assignments } from './assignments.repository.js';
import { productSelectionsTable } from './product-selections.table.js';
import { selectionProductActions } from './selection-product-actions.js';

export const PRODUCT_SELECTION_ENGINE = Symbol('PRODUCT_SELECTION_ENGINE');

/**
 * Product selections: the products they hold live in `product_selection_assignments`; `productCount` is
 * kept with each change. A selection a Store uses can not be deleted.
 */
export function defineProductSelection({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<ProductSelection, ProductSelectionDraftDto> {
  return {
    typeId: ProductSelectionResource.typeId,
    table: productSelectionsTable,
    draft: ProductSelectionDraftDto,
    actions: {
      ...selectionProductActions,
      changeName: action(ChangeProductSelectionNameAction, (selection: ProductSelection, { name }) => ({
        resource: { ...selection, name },
      })),
      setKey: action(SetProductSelectionKeyAction, (selection: ProductSelection, { key }) => ({
        resource: withOptional(selection, 'key', key),
      })),
      ...customFieldActions<ProductSelection>('product-selection', resolver),
    } satisfies DeclaredActionTable<ProductSelection, typeof ProductSelectionResource.actions>,
    async build(draft, { ctx }) {
      const custom = await resolveCustomFields(resolver, ctx, 'product-selection', draft.custom);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        productCount: 0,
        mode: draft.mode ?? 'Individual',
        ...(custom ? { custom } : {}),
      };
    },
    createdMessage: (selection) => ({ type: 'ProductSelectionCreated', productSelection: selection }),
    deletedMessage: () => ({ type: 'ProductSelectionDeleted' }),
    // Stores refer to selections: the engine refuses while one does (CROSS_SERVICE_REFERENCES).
    beforeDelete:
      async (selection, { ctx }) =>
      (tx) =>
        assignments.removeSelection(tx, ctx.projectKey, selection.id),
  };
}
