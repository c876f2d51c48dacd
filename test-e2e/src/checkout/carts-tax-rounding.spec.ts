import type { Cart, CartDraft, TaxRateDraft } from '@commercetools/platform-sdk';
import { productDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { createCart, createProductType, createTaxCategory, updateCart } from './cart-fixtures.js';

const shippingAddress = { country: 'DE' };

/** A published product at `unitCents` EUR (no tiers) in a tax category of the given rates; its SKU. */
async function productAt(unitCents: number, rates: TaxRateDraft[]): Promise<string> {
  const client = await sdk();
  const taxCategory = await createTaxCategory(rates);
  const productType = await createProductType();
  const sku = uniqueKey('sku');
  await client
    .products()
    .post({
      body: productDraft(productType.id, [], {
        masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount: unitCents } }] },
        taxCategory: { typeId: 'tax-category', id: taxCategory.id },
        publish: true,
      }) as never,
    })
    .execute();
  return sku;
}

const vat = (amount: number, includedInPrice = false): TaxRateDraft => ({
  name: `${amount * 100}% DE`,
  amount,
  includedInPrice,
  country: 'DE',
});

/** net, gross and tax of the cart in cents, and its tax portions as `name: cents`. */
function taxes(cart: Cart) {
  return {
    total: cart.totalPrice.centAmount,
    net: cart.taxedPrice?.totalNet.centAmount,
    gross: cart.taxedPrice?.totalGross.centAmount,
    tax: cart.taxedPrice?.totalTax?.centAmount,
    portions: cart.taxedPrice?.taxPortions.map((p) => `${p.name}: ${p.amount.centAmount}`),
  };
}

const cartOf = (sku: string, quantity: number, draft: Partial<CartDraft> = {}) =>
  createCart({ shippingAddress, lineItems: [{ sku, quantity }], ...draft });

describe('Cart taxes and rounding, the worked examples of checkout-facts 4.4-4.6, to the cent', () => {
  it('LineItemLevel taxes the item total, UnitPriceLevel one unit then multiplies: 1.08 x 3 at 19%', async () => {
    const sku = await productAt(108, [vat(0.19)]);
    // (1.08 x 3) x 0.19 = 0.6156 -> 0.62; gross 3.86.
    expect(taxes(await cartOf(sku, 3))).toEqual({
      total: 324,
      net: 324,
      gross: 386,
      tax: 62,
      portions: ['19% DE: 62'],
    });
    // round(1.08 x 0.19 = 0.2052) = 0.21, x 3 = 0.63; gross 3.87.
    const unit = await cartOf(sku, 3, { taxCalculationMode: 'UnitPriceLevel' });
    expect(taxes(unit)).toMatchObject({ net: 324, gross: 387, tax: 63 });
    // Changing the mode recomputes the taxes.
    const back = await updateCart(unit, {
      action: 'changeTaxCalculationMode',
      taxCalculationMode: 'LineItemLevel',
    });
    expect(taxes(back)).toMatchObject({ gross: 386, tax: 62 });
  });

  it('includedInPrice both ways: 34.00 gross at 19% is 28.57 + 5.43; 34.00 net is 34.00 + 6.46', async () => {
    const gross = await productAt(3400, [vat(0.19, true)]);
    const included = await cartOf(gross, 1);
    expect(taxes(included)).toEqual({
      total: 3400,
      net: 2857,
      gross: 3400,
      tax: 543,
      portions: ['19% DE: 543'],
    });
    expect(included.lineItems[0].taxedPrice).toMatchObject({
      totalNet: { centAmount: 2857 },
      totalGross: { centAmount: 3400 },
    });
    const net = await productAt(3400, [vat(0.19)]);
    expect(taxes(await cartOf(net, 1))).toMatchObject({ total: 3400, net: 3400, gross: 4046, tax: 646 });
  });

  it('taxRoundingMode: HalfEven (default), HalfUp and HalfDown on ties of 0.285 and 0.475', async () => {
    const [low, high] = [await productAt(150, [vat(0.19)]), await productAt(250, [vat(0.19)])];
    const tax = async (sku: string, taxRoundingMode?: 'HalfEven' | 'HalfUp' | 'HalfDown') =>
      taxes(await cartOf(sku, 1, taxRoundingMode ? { taxRoundingMode } : {})).tax;
    // 1.50 x 0.19 = 0.285: HalfEven 0.28, HalfUp 0.29, HalfDown 0.28.
    expect([await tax(low, 'HalfEven'), await tax(low, 'HalfUp'), await tax(low, 'HalfDown')]).toEqual([
      28, 29, 28,
    ]);
    // A cart without a mode takes the project's (HalfEven unless set; other files of the suite change it).
    const projectMode = (await (await sdk()).get().execute()).body.carts.taxRoundingMode ?? 'HalfEven';
    expect(await tax(low)).toBe(projectMode === 'HalfUp' ? 29 : 28);
    // 2.50 x 0.19 = 0.475: HalfEven 0.48, HalfUp 0.48, HalfDown 0.47.
    expect([await tax(high, 'HalfEven'), await tax(high, 'HalfUp'), await tax(high, 'HalfDown')]).toEqual([
      48, 48, 47,
    ]);
    // Changing the mode on the cart retaxes it.
    const cart = await cartOf(low, 1);
    const up = await updateCart(cart, { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' });
    expect(taxes(up).tax).toBe(29);
  });

  it('sub-rates give one portion each, rounded on their own; the item tax is their sum', async () => {
    const sku = await productAt(1055, [
      {
        name: 'DE combined',
        amount: 0.19,
        includedInPrice: false,
        country: 'DE',
        subRates: [
          { name: 'federal', amount: 0.1 },
          { name: 'state', amount: 0.09 },
        ],
      },
    ]);
    // 10.55 x 0.10 = 1.055 -> 1.06 (HalfEven: 105.5 -> 106); 10.55 x 0.09 = 0.9495 -> 0.95.
    expect(taxes(await cartOf(sku, 1))).toEqual({
      total: 1055,
      net: 1055,
      gross: 1256,
      tax: 201,
      portions: ['federal: 106', 'state: 95'],
    });
  });

  it('External: the rates the client gives; ExternalAmount: the amounts, the cart total only from setCartTotalTax', async () => {
    const sku = await productAt(1000, [vat(0.19)]);
    const external = await createCart({
      shippingAddress,
      taxMode: 'External',
      lineItems: [{ sku, quantity: 2, externalTaxRate: { name: 'ext 20%', amount: 0.2, country: 'DE' } }],
    });
    expect(taxes(external)).toEqual({
      total: 2000,
      net: 2000,
      gross: 2400,
      tax: 400,
      portions: ['ext 20%: 400'],
    });
    const includedExternal = await updateCart(external, {
      action: 'setLineItemTaxRate',
      lineItemId: external.lineItems[0].id,
      externalTaxRate: { name: 'ext incl 19%', amount: 0.19, country: 'DE', includedInPrice: true },
    });
    // 20.00 gross: tax = 20.00 x 0.19 / 1.19 = 3.1933 -> 3.19.
    expect(taxes(includedExternal)).toMatchObject({ net: 1681, gross: 2000, tax: 319 });

    const amounts = await createCart({
      shippingAddress,
      taxMode: 'ExternalAmount',
      lineItems: [{ sku, quantity: 2 }],
    });
    expect(amounts.taxedPrice).toBeUndefined();
    const itemTaxed = await updateCart(amounts, {
      action: 'setLineItemTaxAmount',
      lineItemId: amounts.lineItems[0].id,
      externalTaxAmount: {
        totalGross: { currencyCode: 'EUR', centAmount: 2380 },
        taxRate: { name: 'amount 19%', amount: 0.19, country: 'DE' },
      },
    });
    expect(itemTaxed.lineItems[0].taxedPrice).toMatchObject({
      totalNet: { centAmount: 2000 },
      totalGross: { centAmount: 2380 },
    });
    expect(itemTaxed.taxedPrice).toBeUndefined();
    const total = await updateCart(itemTaxed, {
      action: 'setCartTotalTax',
      externalTotalGross: { currencyCode: 'EUR', centAmount: 2380 },
      externalTaxPortions: [
        { name: 'amount 19%', rate: 0.19, amount: { currencyCode: 'EUR', centAmount: 380 } },
      ],
    });
    expect(taxes(total)).toEqual({
      total: 2000,
      net: 2000,
      gross: 2380,
      tax: 380,
      portions: ['amount 19%: 380'],
    });
    expect(total.taxedShippingPrice).toBeUndefined();
  });
});
