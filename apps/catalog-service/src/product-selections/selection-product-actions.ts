import {
  ProductVariantExclusionAction,
  ProductVariantSelectionAction,
  RemoveSelectionProductAction,
  type ProductSelection,
  type ProductSelectionMode,
  type ProductVariantExclusion,
  type ProductVariantSelection,
  type Reference,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  action,
  type ActionContext,
  type ActionOutcome,
  type ActionTable,
  sameJson,
} from '@commerce/resources';
import { productOf } from '../products/product-references.js';
import { assignments, type Assignment } from './assignments.repository.js';
import { productAssignmentMissing, productPresentWithDifferentVariantSelection } from './selection-errors.js';

type Variants = Pick<Assignment, 'variantSelection' | 'variantExclusion'>;
type Message = { type: string; [field: string]: unknown };

/**
 * The assignments an update in progress has changed, attached to the resource each action returns: the
 * next action of the same request sees them before they are written.
 */
const pending = new WeakMap<ProductSelection, Map<string, Variants | null>>();

function requireMode(selection: ProductSelection, mode: ProductSelectionMode, name: string): void {
  if (selection.mode !== mode) {
    throw Errors.invalidOperation(`${name} is only possible on a product selection of mode ${mode}.`);
  }
}

const selectionOf = (v?: ProductVariantSelection) => v && { type: v.type, skus: [...v.skus] };
const exclusionOf = (v?: ProductVariantExclusion) => v && { skus: [...v.skus] };
const variantsOf = (a: Variants): Variants => ({
  variantSelection: a.variantSelection,
  variantExclusion: a.variantExclusion,
});

/** The product an action names, and the variants it is assigned with (undefined when it is not assigned). */
async function target(
  selection: ProductSelection,
  identifier: ResourceIdentifier,
  { ctx, db }: ActionContext,
) {
  const product = await productOf(db, ctx, identifier);
  const reference: Reference<'product'> = { typeId: 'product', id: product.id };
  const overlay = pending.get(selection);
  const existing = overlay?.has(product.id)
    ? (overlay.get(product.id) ?? undefined)
    : await assignments.find(db, ctx.projectKey, selection.id, product.id);
  return { reference, existing: existing && variantsOf(existing) };
}

/** A changed assignment: the new count, the Message, and the write for the update's transaction. */
function changed(
  selection: ProductSelection,
  { ctx }: ActionContext,
  product: Reference<'product'>,
  change: { from?: Variants; to?: Variants },
  message: Message,
): ActionOutcome<ProductSelection> {
  const delta = (change.to ? 1 : 0) - (change.from ? 1 : 0);
  const resource = { ...selection, productCount: selection.productCount + delta };
  pending.set(resource, new Map(pending.get(selection)).set(product.id, change.to ?? null));
  const row = { selectionId: selection.id, productId: product.id, ...change.to };
  const { projectKey } = ctx;
  const write = async (tx: Parameters<typeof assignments.insert>[0]) => {
    if (!change.to) await assignments.remove(tx, projectKey, selection.id, product.id);
    else if (!change.from) await assignments.insert(tx, projectKey, row);
    else await assignments.setVariants(tx, projectKey, row);
  };
  return { resource, messages: [message], write };
}

/** Adds or excludes a product: the same variants again is no change, other variants an error. */
async function assign(
  selection: ProductSelection,
  identifier: ResourceIdentifier,
  variants: Variants,
  context: ActionContext,
  message: (product: Reference<'product'>) => Message,
): Promise<ActionOutcome<ProductSelection>> {
  const { reference, existing } = await target(selection, identifier, context);
  if (existing) {
    if (sameJson(existing, variants)) return { resource: selection };
    throw productPresentWithDifferentVariantSelection(
      reference,
      existing.variantSelection ?? existing.variantExclusion,
    );
  }
  return changed(selection, context, reference, { to: variants }, message(reference));
}

/** Changes the variants of an assigned product; an unassigned one is `ProductAssignmentMissing`. */
async function reassign(
  selection: ProductSelection,
  identifier: ResourceIdentifier,
  variants: Variants,
  context: ActionContext,
  message: (product: Reference<'product'>, old: Variants) => Message,
): Promise<ActionOutcome<ProductSelection>> {
  const { reference, existing } = await target(selection, identifier, context);
  if (!existing) throw productAssignmentMissing(reference, selection.mode);
  if (sameJson(existing, variants)) return { resource: selection };
  return changed(
    selection,
    context,
    reference,
    { from: existing, to: variants },
    message(reference, existing),
  );
}

/** The five actions on a selection's products and their variants. */
export const selectionProductActions = {
  addProduct: action(ProductVariantSelectionAction, (selection: ProductSelection, a, context) => {
    requireMode(selection, 'Individual', 'addProduct');
    const variantSelection = selectionOf(a.variantSelection);
    return assign(selection, a.product, { variantSelection }, context, (product) => ({
      type: 'ProductSelectionProductAdded',
      product,
      ...(variantSelection ? { variantSelection } : {}),
    }));
  }),

  excludeProduct: action(ProductVariantExclusionAction, (selection: ProductSelection, a, context) => {
    requireMode(selection, 'IndividualExclusion', 'excludeProduct');
    const variantExclusion = exclusionOf(a.variantExclusion);
    return assign(selection, a.product, { variantExclusion }, context, (product) => ({
      type: 'ProductSelectionProductExcluded',
      product,
      ...(variantExclusion ? { variantExclusion } : {}),
    }));
  }),

  removeProduct: action(RemoveSelectionProductAction, async (selection: ProductSelection, a, context) => {
    const { reference, existing } = await target(selection, a.product, context);
    if (!existing) return { resource: selection };
    return changed(
      selection,
      context,
      reference,
      { from: existing },
      { type: 'ProductSelectionProductRemoved', product: reference },
    );
  }),

  setVariantSelection: action(ProductVariantSelectionAction, (selection: ProductSelection, a, context) => {
    requireMode(selection, 'Individual', 'setVariantSelection');
    const variantSelection = selectionOf(a.variantSelection);
    return reassign(selection, a.product, { variantSelection }, context, (product, old) => ({
      type: 'ProductSelectionVariantSelectionChanged',
      product,
      ...(old.variantSelection ? { oldVariantSelection: old.variantSelection } : {}),
      ...(variantSelection ? { newVariantSelection: variantSelection } : {}),
    }));
  }),

  setVariantExclusion: action(ProductVariantExclusionAction, (selection: ProductSelection, a, context) => {
    requireMode(selection, 'IndividualExclusion', 'setVariantExclusion');
    const variantExclusion = exclusionOf(a.variantExclusion);
    return reassign(selection, a.product, { variantExclusion }, context, (product, old) => ({
      type: 'ProductSelectionVariantExclusionChanged',
      product,
      ...(old.variantExclusion ? { oldVariantExclusion: old.variantExclusion } : {}),
      ...(variantExclusion ? { newVariantExclusion: variantExclusion } : {}),
    }));
  }),
} satisfies ActionTable<ProductSelection>;
