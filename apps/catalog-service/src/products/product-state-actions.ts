import {
  RevertProductStagedChangesAction,
  RevertProductStagedVariantChangesAction,
  SetProductLocalizedAction,
  SetProductSearchKeywordsAction,
  SetProductTaxCategoryAction,
  TransitionProductStateAction,
  type Product,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionHandler, type ActionTable } from '@commerce/resources';
import { statesTable } from '../states/states.table.js';
import { withOptional } from '../shared/fields.js';
import { changeData, variantsOf, withVariant } from './product-data.js';
import { productStateOf, taxCategoryReference } from './product-catalog-references.js';

type MetaField = 'metaTitle' | 'metaDescription' | 'metaKeywords';

const setMeta = (field: MetaField): ActionHandler<Product> =>
  action(SetProductLocalizedAction, (product: Product, values) => ({
    resource: changeData(product, values.staged, (data) => withOptional(data, field, values[field])),
  }));

/** The SEO fields, the tax category, workflow state transitions and reverting staged changes. */
export const productStateActions: ActionTable<Product> = {
  setMetaTitle: setMeta('metaTitle'),
  setMetaDescription: setMeta('metaDescription'),
  setMetaKeywords: setMeta('metaKeywords'),

  setSearchKeywords: action(
    SetProductSearchKeywordsAction,
    (product: Product, { searchKeywords, staged }) => ({
      resource: changeData(product, staged, (data) => ({
        ...data,
        searchKeywords: searchKeywords,
      })),
    }),
  ),

  setTaxCategory: action(
    SetProductTaxCategoryAction,
    async (product: Product, { taxCategory }, { ctx, db }) => ({
      resource: withOptional(
        product,
        'taxCategory',
        taxCategory ? await taxCategoryReference(db, ctx, taxCategory) : undefined,
      ),
    }),
  ),

  /**
   * Moves the product to another ProductState. Without `force`, the move must be one the current state
   * allows (its `transitions`, when it has any list), and a product without a state may only enter an
   * initial one.
   */
  transitionState: action(
    TransitionProductStateAction,
    async (product: Product, { state, force }, { ctx, db }) => {
      if (!state) throw Errors.invalidInput('transitionState needs the state to transition to.');
      const next = await productStateOf(db, ctx, state);
      if (!force) {
        const current = product.state && (await statesTable.findById(db, ctx.projectKey, product.state.id));
        const allowed = current
          ? current.transitions === undefined || current.transitions.some((t) => t.id === next.id)
          : next.initial;
        if (!allowed) {
          throw Errors.invalidOperation(
            current
              ? `The transition from state '${current.key}' to '${next.key}' is not allowed.`
              : `A product without a state can only enter an initial state, and '${next.key}' is not one.`,
          );
        }
      }
      const reference = { typeId: 'state' as const, id: next.id };
      return {
        resource: { ...product, state: reference },
        messages: [{ type: 'ProductStateTransition', state: reference, force: force ?? false }],
      };
    },
  ),

  revertStagedChanges: action(RevertProductStagedChangesAction, (product: Product) => {
    const { current, staged } = product.masterData;
    const currentUrls = new Set(variantsOf(current).flatMap((v) => v.images.map((image) => image.url)));
    const removedImageUrls = variantsOf(staged)
      .flatMap((v) => v.images.map((image) => image.url))
      .filter((url) => !currentUrls.has(url));
    return {
      resource: {
        ...product,
        masterData: { ...product.masterData, staged: current, hasStagedChanges: false },
      },
      messages: [{ type: 'ProductRevertedStagedChanges', removedImageUrls }],
    };
  }),

  revertStagedVariantChanges: action(
    RevertProductStagedVariantChangesAction,
    (product: Product, { variantId }) => {
      const original = variantsOf(product.masterData.current).find((v) => v.id === variantId);
      if (!original || !variantsOf(product.masterData.staged).some((v) => v.id === variantId)) {
        throw Errors.invalidOperation(
          `The variant ${variantId} is not in both the current and the staged data.`,
        );
      }
      return {
        resource: changeData(product, true, (data) => withVariant(data, variantId, () => original)),
      };
    },
  ),
};
