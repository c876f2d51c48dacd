import {
  Subjects,
  type CheckoutLineItemLookup,
  type RequestContext,
  type ShoppingList,
} from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import type { ComputedExpansion } from '../resources/resource-client.js';

const VARIANT = 'lineItems[*].variant';
const SLUG = 'lineItems[*].productSlug';

/**
 * `expand=lineItems[*].variant` and `lineItems[*].productSlug` of shopping lists (SDK ShoppingListLineItem):
 * the variant and slug of each line item's product as the catalog has them now, for the whole array (one
 * element alone can not be expanded), in one catalog call for every list of the answer. A product gone since
 * leaves its line items as they are.
 */
export const SHOPPING_LIST_EXPANSION: ComputedExpansion = {
  paths: [VARIANT, SLUG],
  async apply(rpc: RpcClient, ctx: RequestContext, resources: unknown[], paths: readonly string[]) {
    const lists = resources as ShoppingList[];
    const lookups: CheckoutLineItemLookup[] = [];
    const seen = new Set<string>();
    for (const list of lists)
      for (const item of list.lineItems ?? []) {
        const id = `${item.productId}/${item.variantId ?? ''}`;
        if (seen.has(id)) continue;
        seen.add(id);
        lookups.push({
          productId: item.productId,
          ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
        });
      }
    if (lookups.length === 0) return resources;
    const { items } = await rpc.send(Subjects.catalog.checkout.lineItems, {
      ctx,
      items: lookups,
      includeUnpublished: true,
    });
    const found = new Map<string, { variant: unknown; slug: unknown }>();
    items.forEach((answer, index) => {
      if (!answer.found) return;
      const lookup = lookups[index];
      found.set(`${lookup.productId}/${lookup.variantId ?? ''}`, {
        variant: answer.product.variant,
        slug: answer.product.slug,
      });
    });
    return lists.map((list) => ({
      ...list,
      lineItems: (list.lineItems ?? []).map((item) => {
        const product = found.get(`${item.productId}/${item.variantId ?? ''}`);
        if (!product) return item;
        return {
          ...item,
          ...(paths.includes(VARIANT) ? { variant: product.variant } : {}),
          ...(paths.includes(SLUG) ? { productSlug: product.slug } : {}),
        };
      }),
    }));
  },
};
