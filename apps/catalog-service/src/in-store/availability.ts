import type {
  ProductProjection,
  ProductSelectionMode,
  ProductVariant,
  ProductVariantExclusion,
  ProductVariantSelection,
} from '@commerce/contracts';

/** A product selection of a Store: whether it is active there, and its mode. */
export interface StoreSelection {
  selectionId: string;
  active: boolean;
  mode: ProductSelectionMode;
}

/** Which products a Store offers, by the spec's four rules. */
export type AvailabilityScope =
  /** Rules 1 and 2: every product, with all its variants. */
  | { kind: 'all' }
  /** Rule 3: no product. */
  | { kind: 'none' }
  /** Rule 4: only the active selections decide. */
  | { kind: 'selections'; individual: string[]; exclusion: string[] };

export interface SelectionEntry {
  selectionId: string;
  variantSelection?: ProductVariantSelection;
  variantExclusion?: ProductVariantExclusion;
}

/** The spec's "Product availability rules" applied to a Store's product selections. */
export function availabilityScope(selections: StoreSelection[]): AvailabilityScope {
  if (selections.length === 0) return { kind: 'all' };
  const active = selections.filter((selection) => selection.active);
  if (active.length === 0) {
    return selections.every((selection) => selection.mode === 'IndividualExclusion')
      ? { kind: 'all' }
      : { kind: 'none' };
  }
  const ids = (mode: ProductSelectionMode) => active.filter((s) => s.mode === mode).map((s) => s.selectionId);
  return { kind: 'selections', individual: ids('Individual'), exclusion: ids('IndividualExclusion') };
}

/** The variants a variant selection keeps: `includeOnly` the listed SKUs, or `includeAllExcept` them. */
export function selectedVariants<V extends { sku?: string }>(
  variants: V[],
  selection?: ProductVariantSelection,
): V[] {
  if (!selection) return variants;
  const skus = new Set(selection.skus);
  const listed = (variant: V) => variant.sku !== undefined && skus.has(variant.sku);
  return variants.filter((variant) =>
    selection.type === 'includeOnly' ? listed(variant) : !listed(variant),
  );
}

/**
 * The variants of a product that a Store offers, in their order, or undefined when it offers none.
 * An active Individual selection includes the product with its variant selection (several include the
 * union); without active Individual selections every variant is included. An active IndividualExclusion
 * selection then removes the product (no variant exclusion) or the excluded SKUs.
 */
export function availableVariants<V extends { sku?: string }>(
  scope: AvailabilityScope,
  entries: SelectionEntry[],
  variants: V[],
): V[] | undefined {
  if (scope.kind === 'all') return variants;
  if (scope.kind === 'none') return undefined;
  const entryOf = new Map(entries.map((entry) => [entry.selectionId, entry]));
  const included = new Set<V>(scope.individual.length === 0 ? variants : []);
  for (const id of scope.individual) {
    const entry = entryOf.get(id);
    if (entry)
      for (const variant of selectedVariants(variants, entry.variantSelection)) included.add(variant);
  }
  for (const id of scope.exclusion) {
    const entry = entryOf.get(id);
    if (!entry) continue;
    if (!entry.variantExclusion) return undefined;
    const excluded = new Set(entry.variantExclusion.skus);
    for (const variant of included)
      if (variant.sku !== undefined && excluded.has(variant.sku)) included.delete(variant);
  }
  const available = variants.filter((variant) => included.has(variant));
  return available.length > 0 ? available : undefined;
}

/** A projection with only the given variants; the first of them is the master when the master is not among them. */
export function withOnlyVariants(
  projection: ProductProjection,
  variants: ProductVariant[],
): ProductProjection {
  const [masterVariant, ...others] = variants;
  return { ...projection, masterVariant, variants: others };
}
