import {
  inLocales,
  type CheckoutLineItemLookup,
  type CheckoutLineItemsResponse,
  type CheckoutProduct,
  type TaxCategory,
} from '@commerce/contracts';

/**
 * What one cart change read from the catalog (`catalog.checkout.line-items`, one call): the products of the
 * cart's line items and of the ones it adds, and the tax categories of its items and shipping. In a Store with
 * `languages`, a product's `name` and `slug` are in those languages only, so its line items are (a Store's
 * languages filter the line items of the carts and orders bound to it: release notes 2020-03-12/13).
 */
export class CartCatalog {
  private readonly byLookup = new Map<string, CheckoutLineItemsResponse['items'][number]>();
  private readonly byVariant = new Map<string, CheckoutProduct>();
  private readonly taxCategories: Map<string, TaxCategory>;

  constructor(
    lookups: readonly CheckoutLineItemLookup[],
    response: CheckoutLineItemsResponse,
    languages: readonly string[] = [],
  ) {
    lookups.forEach((lookup, index) => {
      const found = response.items[index];
      if (!found) return;
      const answer =
        found.found && languages.length > 0
          ? { ...found, product: inStoreLanguages(found.product, languages) }
          : found;
      this.byLookup.set(lookupKey(lookup), answer);
      if (answer.found)
        this.byVariant.set(variantKey(answer.product.productId, answer.product.variant.id), answer.product);
    });
    this.taxCategories = new Map(response.taxCategories.map((category) => [category.id, category]));
  }

  /** The answer for a lookup asked for, or undefined if it was not asked. */
  answer(lookup: CheckoutLineItemLookup): CheckoutLineItemsResponse['items'][number] | undefined {
    return this.byLookup.get(lookupKey(lookup));
  }

  /** A line item's product as the catalog has it now (undefined: gone, or not asked). */
  product(productId: string, variantId: number): CheckoutProduct | undefined {
    return this.byVariant.get(variantKey(productId, variantId));
  }

  taxCategory(id: string): TaxCategory | undefined {
    return this.taxCategories.get(id);
  }

  /** A tax category an action resolved itself (one named by key): the recalculation of this change sees it. */
  addTaxCategory(category: TaxCategory): void {
    this.taxCategories.set(category.id, category);
  }
}

function inStoreLanguages(product: CheckoutProduct, languages: readonly string[]): CheckoutProduct {
  return { ...product, name: inLocales(product.name, languages), slug: inLocales(product.slug, languages) };
}

export function lookupKey(lookup: CheckoutLineItemLookup): string {
  return lookup.productId !== undefined
    ? `id:${lookup.productId}:${lookup.variantId ?? ''}`
    : `sku:${lookup.sku}`;
}

function variantKey(productId: string, variantId: number): string {
  return `${productId}\u0000${variantId}`;
}
