import {
  AddStoreProductSelectionAction,
  ChangeStoreProductSelectionActiveAction,
  RemoveStoreProductSelectionAction,
  SetStoreProductSelectionsAction,
  type ProductSelectionSetting,
  type Store,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionOutcome } from '@commerce/resources';
import { bySelection, diff, nonEmpty } from './store-diff.js';
import type { StoreDeps } from './store-deps.js';
import {
  checkSelectionLimit,
  productSelectionReference,
  productSelectionSettings,
} from './store-references.js';

/** The new selection list and a StoreProductSelectionsChanged with what was added, removed or toggled. */
function changed(store: Store, next: ProductSelectionSetting[]): ActionOutcome<Store> {
  const { added, removed } = diff(store.productSelections, next, bySelection);
  const updated = next.filter((setting) =>
    store.productSelections.some(
      (old) => bySelection(old) === bySelection(setting) && old.active !== setting.active,
    ),
  );
  return {
    resource: { ...store, productSelections: next },
    messages: [
      {
        type: 'StoreProductSelectionsChanged',
        ...nonEmpty('addedProductSelections', added),
        ...nonEmpty('removedProductSelections', removed),
        ...nonEmpty('updatedProductSelections', updated),
      },
    ],
  };
}

/** addProductSelection, removeProductSelection, setProductSelections, changeProductSelectionActive. */
export function selectionActions({ resolver }: StoreDeps) {
  return {
    addProductSelection: action(AddStoreProductSelectionAction, async (store: Store, a, { ctx }) => {
      const reference = await productSelectionReference(resolver, ctx, a.productSelection);
      const active = a.active ?? false;
      const present = store.productSelections.find((setting) => setting.productSelection.id === reference.id);
      if (present?.active === active) return { resource: store };
      if (present) {
        return changed(
          store,
          store.productSelections.map((s) => (s === present ? { ...s, active } : s)),
        );
      }
      checkSelectionLimit(store.productSelections.length + 1);
      return changed(store, [...store.productSelections, { productSelection: reference, active }]);
    }),

    removeProductSelection: action(RemoveStoreProductSelectionAction, async (store: Store, a, { ctx }) => {
      const reference = await productSelectionReference(resolver, ctx, a.productSelection);
      return changed(
        store,
        store.productSelections.filter((s) => s.productSelection.id !== reference.id),
      );
    }),

    setProductSelections: action(SetStoreProductSelectionsAction, async (store: Store, a, { ctx }) =>
      changed(store, await productSelectionSettings(resolver, ctx, a.productSelections ?? [])),
    ),

    changeProductSelectionActive: action(
      ChangeStoreProductSelectionActiveAction,
      async (store: Store, a, { ctx }) => {
        const reference = await productSelectionReference(resolver, ctx, a.productSelection);
        const active = a.active ?? false;
        if (!store.productSelections.some((s) => s.productSelection.id === reference.id)) {
          throw Errors.invalidOperation(`The product selection '${reference.id}' is not part of this Store.`);
        }
        return changed(
          store,
          store.productSelections.map((s) => (s.productSelection.id === reference.id ? { ...s, active } : s)),
        );
      },
    ),
  };
}
