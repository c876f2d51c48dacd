import type {
  ProductDiscount,
  ProductDiscountDraft,
  ProductDiscountUpdateAction,
  ProductProjection,
} from '@commercetools/platform-sdk';
import { sdk } from '../support/sdk.js';

/** A sortOrder no other test uses: `0.` and random digits ending in a non-zero one. */
export function sortOrder(prefix = ''): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1e6)}`.replace(/0+$/, '');
  return `0.${prefix}${digits}7`;
}

export async function createDiscount(draft: Partial<ProductDiscountDraft> & Pick<ProductDiscountDraft, 'predicate'>) {
  const client = await sdk();
  return (
    await client
      .productDiscounts()
      .post({
        body: {
          name: { en: 'discount' },
          value: { type: 'relative', permyriad: 1000 },
          sortOrder: sortOrder(),
          isActive: true,
          ...draft,
        },
      })
      .execute()
  ).body;
}

export async function updateDiscount(discount: ProductDiscount, ...actions: ProductDiscountUpdateAction[]) {
  const client = await sdk();
  return (
    await client
      .productDiscounts()
      .withId({ ID: discount.id })
      .post({ body: { version: discount.version, actions } })
      .execute()
  ).body;
}

/** Deletes the discounts so that they discount nothing in later tests of the same project. */
export async function deleteDiscounts(...discounts: ProductDiscount[]): Promise<void> {
  const client = await sdk();
  for (const discount of discounts) {
    const current = (await client.productDiscounts().withId({ ID: discount.id }).get().execute()).body;
    await client
      .productDiscounts()
      .withId({ ID: discount.id })
      .delete({ queryArgs: { version: current.version } })
      .execute();
  }
}

/** The current projection of a product with the price selection of `queryArgs`. */
export async function projection(
  id: string,
  queryArgs: Record<string, string> = { priceCurrency: 'EUR' },
): Promise<ProductProjection> {
  const client = await sdk();
  return (await client.productProjections().withId({ ID: id }).get({ queryArgs }).execute()).body;
}
