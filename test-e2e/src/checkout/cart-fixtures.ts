import type {
  Cart,
  CartDraft,
  CartUpdateAction,
  Product,
  ProductType,
  TaxCategory,
  TaxRateDraft,
} from '@commercetools/platform-sdk';
import { productDraft, productTypeDraft, taxCategoryDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/**
 * A published product with two variants (SKUs returned) and EUR prices: 10.00 for everyone (9.00 from 3
 * pieces), 8.00 for `customerGroupId` when given, in a tax category of 19% (DE, not included in the price).
 */
/** A product type (`productTypeDraft`) created through the API. */
export async function createProductType(): Promise<ProductType> {
  const client = await sdk();
  return (
    await client
      .productTypes()
      .post({ body: productTypeDraft() as never })
      .execute()
  ).body;
}

/** A tax category with these rates, created through the API. */
export async function createTaxCategory(rates: TaxRateDraft[]): Promise<TaxCategory> {
  const client = await sdk();
  return (
    await client
      .taxCategories()
      .post({ body: taxCategoryDraft({ rates }) })
      .execute()
  ).body;
}

export async function cartProduct(
  options: { includedInPrice?: boolean; customerGroupId?: string; unitCents?: number } = {},
): Promise<{ product: Product; skus: [string, string]; taxCategory: TaxCategory }> {
  const client = await sdk();
  const taxCategory = (
    await client
      .taxCategories()
      .post({
        body: taxCategoryDraft({
          rates: [
            {
              name: '19% DE',
              amount: 0.19,
              includedInPrice: options.includedInPrice ?? false,
              country: 'DE',
            },
            { name: '20% AT', amount: 0.2, includedInPrice: options.includedInPrice ?? false, country: 'AT' },
          ],
        }),
      })
      .execute()
  ).body;
  const productType = await createProductType();
  const skus: [string, string] = [uniqueKey('sku'), uniqueKey('sku')];
  const prices = [
    { value: eur(options.unitCents ?? 1000), tiers: [{ minimumQuantity: 3, value: eur(900) }] },
    ...(options.customerGroupId
      ? [{ value: eur(800), customerGroup: { typeId: 'customer-group', id: options.customerGroupId } }]
      : []),
  ];
  const draft = productDraft(productType.id, [], {
    masterVariant: { sku: skus[0], prices },
    variants: [{ sku: skus[1], prices: [{ value: eur(500) }] }],
    taxCategory: { typeId: 'tax-category', id: taxCategory.id },
    publish: true,
  });
  const product = (
    await client
      .products()
      .post({ body: draft as never })
      .execute()
  ).body;
  return { product, skus, taxCategory };
}

export async function createCart(draft: Partial<CartDraft> = {}): Promise<Cart> {
  const client = await sdk();
  return (
    await client
      .carts()
      .post({ body: { currency: 'EUR', ...draft } })
      .execute()
  ).body;
}

export async function updateCart(cart: Cart, ...actions: CartUpdateAction[]): Promise<Cart> {
  const client = await sdk();
  return (
    await client
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions } })
      .execute()
  ).body;
}
