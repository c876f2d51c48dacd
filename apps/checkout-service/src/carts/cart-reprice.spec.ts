import type { Cart, CheckoutProduct, Price, TaxCategory } from '@commerce/contracts';
import { CartCatalog } from './cart-catalog.js';
import { repriced } from './cart-reprice.js';
import { initialState, newLineItem } from './line-items.js';

const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});
const prices: Price[] = [
  { id: 'base', value: eur(108) },
  { id: 'group', value: eur(100), customerGroup: { typeId: 'customer-group', id: 'vip' } },
];
const product: CheckoutProduct = {
  productId: 'p1',
  name: { en: 'Tea' },
  slug: { en: 'tea' },
  productType: { typeId: 'product-type', id: 'pt' },
  variant: { id: 1, sku: 'tea', prices, images: [], attributes: [], assets: [] },
  taxCategory: { typeId: 'tax-category', id: 'tc' },
};
const taxCategory = {
  id: 'tc',
  version: 1,
  createdAt: '',
  lastModifiedAt: '',
  name: 'Standard',
  rates: [{ id: 'r-de', name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' }],
} as TaxCategory;
const catalog = new CartCatalog([{ productId: 'p1', variantId: 1 }], {
  items: [{ found: true, product }],
  taxCategories: [taxCategory],
});
const now = '2026-11-28T10:00:00.000Z';

function cart(over: Partial<Cart> = {}): Cart {
  return {
    id: 'c',
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    lineItems: [
      newLineItem(product, { productId: 'p1', quantity: 3 }, prices[0], {}, now, initialState('p1')),
    ],
    customLineItems: [],
    totalPrice: eur(0),
    taxMode: 'Platform',
    priceRoundingMode: 'HalfEven',
    taxRoundingMode: 'HalfEven',
    taxCalculationMode: 'LineItemLevel',
    inventoryMode: 'None',
    cartState: 'Active',
    shippingMode: 'Single',
    shipping: [],
    itemShippingAddresses: [],
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
    origin: 'Customer',
    shippingAddress: { country: 'DE' },
    ...over,
  };
}

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { toBody(): { errors: Array<{ code: string }> } }).toBody().errors[0].code;
  }
  return undefined;
};

describe('cart recalculation', () => {
  it('taxes 3 × 1.08 at 19% as 3.86 at line item level and 3.87 at unit price level (facts 4.4)', () => {
    const lineLevel = repriced(cart(), catalog);
    expect(lineLevel.totalPrice.centAmount).toBe(324);
    expect(lineLevel.taxedPrice).toMatchObject({ totalNet: eur(324), totalGross: eur(386) });
    expect(lineLevel.lineItems[0]).toMatchObject({
      totalPrice: eur(324),
      taxRate: { name: '19% DE', amount: 0.19, country: 'DE' },
      taxedPrice: { totalGross: eur(386) },
    });
    expect(lineLevel.totalLineItemQuantity).toBe(3);
    const unitLevel = repriced(cart({ taxCalculationMode: 'UnitPriceLevel' }), catalog);
    expect(unitLevel.taxedPrice?.totalGross.centAmount).toBe(387);
  });

  it("selects the customer group's price, and has no taxed price without a shipping address", () => {
    const result = repriced(
      cart({ customerGroup: { typeId: 'customer-group', id: 'vip' }, shippingAddress: undefined }),
      catalog,
    );
    expect(result.lineItems[0].price.id).toBe('group');
    expect(result.totalPrice.centAmount).toBe(300);
    expect(result).not.toHaveProperty('taxedPrice');
    expect(result.lineItems[0]).not.toHaveProperty('taxRate');
  });

  it('raises MatchingPriceNotFound and MissingTaxRateForCountry', () => {
    expect(codeOf(() => repriced(cart({ totalPrice: { ...eur(0), currencyCode: 'USD' } }), catalog))).toBe(
      'MatchingPriceNotFound',
    );
    expect(codeOf(() => repriced(cart({ shippingAddress: { country: 'FR' } }), catalog))).toBe(
      'MissingTaxRateForCountry',
    );
  });

  it('keeps the prices of a frozen cart', () => {
    const frozen = cart({ cartState: 'Frozen', customerGroup: { typeId: 'customer-group', id: 'vip' } });
    expect(repriced(frozen, catalog).lineItems[0].price.id).toBe('base');
  });

  it('taxes a custom line item by its category and leaves Disabled carts untaxed', () => {
    const withFee = cart({
      customLineItems: [
        {
          id: 'fee',
          name: { en: 'Fee' },
          money: eur(-100),
          slug: 'fee',
          quantity: 1,
          state: [],
          taxCategory: { typeId: 'tax-category', id: 'tc' },
          totalPrice: eur(0),
          taxedPricePortions: [],
          perMethodTaxRate: [],
          discountedPricePerQuantity: [],
          priceMode: 'Standard',
        },
      ],
    });
    const result = repriced(withFee, catalog);
    expect(result.totalPrice.centAmount).toBe(224);
    expect(result.customLineItems[0].taxedPrice?.totalGross.centAmount).toBe(-119);
    expect(repriced({ ...withFee, taxMode: 'Disabled' }, catalog)).not.toHaveProperty('taxedPrice');
  });
});
