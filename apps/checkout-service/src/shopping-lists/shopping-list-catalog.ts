import {
  Subjects,
  type CheckoutLineItemLookup,
  type CheckoutProduct,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';

/** A line item's product as a draft names it: `productId` (and `variantId`) or `sku`. */
export interface ProductLookupDraft {
  productId?: string;
  variantId?: number;
  sku?: string;
}

function lookupOf(draft: ProductLookupDraft): CheckoutLineItemLookup {
  if (draft.productId !== undefined)
    return {
      productId: draft.productId,
      ...(draft.variantId !== undefined ? { variantId: draft.variantId } : {}),
    };
  if (draft.sku !== undefined) return { sku: draft.sku };
  throw Errors.invalidInput('A line item needs either productId (with an optional variantId) or sku.');
}

/**
 * The products of line items from the catalog in one call (`catalog.checkout.line-items`), published or not:
 * a shopping list keeps an unpublished product with `published: false`. A product, variant or SKU that does
 * not exist is refused as a cart's line item is.
 */
export async function productsOf(
  rpc: RpcClient,
  ctx: RequestContext,
  drafts: readonly ProductLookupDraft[],
): Promise<CheckoutProduct[]> {
  if (drafts.length === 0) return [];
  const items = drafts.map(lookupOf);
  const { items: answers } = await rpc.send(Subjects.catalog.checkout.lineItems, {
    ctx,
    items,
    includeUnpublished: true,
  });
  return answers.map((answer, index) => {
    if (answer.found) return answer.product;
    const draft = drafts[index];
    switch (answer.reason) {
      case 'VariantNotFound':
        throw Errors.invalidInput(
          `The product '${draft.productId}' has no variant with id '${draft.variantId}'.`,
        );
      case 'SkuNotFound':
        throw Errors.invalidInput(`No product has a variant with SKU '${draft.sku}'.`);
      case 'ProductNotFound':
      case 'NotPublished':
        throw Errors.referencedResourceNotFound('product', { id: draft.productId ?? '' });
    }
  });
}
