import type {
  CartDiscount,
  CartDiscountDraft,
  CartDiscountUpdateAction,
  DiscountCode,
  DiscountCodeDraft,
  DiscountCodeUpdateAction,
  LineItem,
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

export async function createDiscount(
  draft: Partial<ProductDiscountDraft> & Pick<ProductDiscountDraft, 'predicate'>,
) {
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

/**
 * A cart discount sortOrder that ranks by `lead` ("0.<lead>..."): a random tail keeps it unique in the project,
 * so `rank('9')` applies before `rank('5')` whatever the tails.
 */
export function rank(lead: string): string {
  return `0.${lead}${Math.random().toString().slice(2, 10)}1`;
}

export async function createCartDiscount(
  draft: Partial<CartDiscountDraft> & Pick<CartDiscountDraft, 'value' | 'cartPredicate'>,
): Promise<CartDiscount> {
  const client = await sdk();
  return (
    await client
      .cartDiscounts()
      .post({ body: { name: { en: 'cart discount' }, sortOrder: rank('5'), ...draft } })
      .execute()
  ).body;
}

export async function updateCartDiscount(discount: CartDiscount, ...actions: CartDiscountUpdateAction[]) {
  const client = await sdk();
  const current = (await client.cartDiscounts().withId({ ID: discount.id }).get().execute()).body;
  return (
    await client
      .cartDiscounts()
      .withId({ ID: discount.id })
      .post({ body: { version: current.version, actions } })
      .execute()
  ).body;
}

export async function createDiscountCode(
  draft: Partial<DiscountCodeDraft> & Pick<DiscountCodeDraft, 'cartDiscounts'>,
): Promise<DiscountCode> {
  const client = await sdk();
  return (
    await client
      .discountCodes()
      .post({ body: { code: `CODE-${Math.random().toString(36).slice(2, 10).toUpperCase()}`, ...draft } })
      .execute()
  ).body;
}

export async function updateDiscountCode(code: DiscountCode, ...actions: DiscountCodeUpdateAction[]) {
  const client = await sdk();
  const current = (await client.discountCodes().withId({ ID: code.id }).get().execute()).body;
  return (
    await client
      .discountCodes()
      .withId({ ID: code.id })
      .post({ body: { version: current.version, actions } })
      .execute()
  ).body;
}

/**
 * Deactivates and deletes the cart discounts (and first the codes) so that they discount no later test's carts:
 * cart discounts apply project-wide.
 */
export async function deleteCartDiscounts(codes: DiscountCode[], discounts: CartDiscount[]): Promise<void> {
  const client = await sdk();
  for (const code of codes.splice(0)) {
    const current = (await client.discountCodes().withId({ ID: code.id }).get().execute()).body;
    await client
      .discountCodes()
      .withId({ ID: code.id })
      .delete({ queryArgs: { version: current.version } })
      .execute();
  }
  for (const discount of discounts.splice(0)) {
    const current = (await client.cartDiscounts().withId({ ID: discount.id }).get().execute()).body;
    await client
      .cartDiscounts()
      .withId({ ID: discount.id })
      .delete({ queryArgs: { version: current.version } })
      .execute();
  }
}

/** An amount in EUR as the API answers it (`centPrecision`, two fraction digits). */
export const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});

/** A line item's unit groups as [quantity, unit cents, [discount id, cents off]...]. */
export const groupsOf = (item: { discountedPricePerQuantity: LineItem['discountedPricePerQuantity'] }) =>
  item.discountedPricePerQuantity.map((group) => [
    group.quantity,
    group.discountedPrice.value.centAmount,
    group.discountedPrice.includedDiscounts.map((d) => [d.discount.id, d.discountedAmount.centAmount]),
  ]);
