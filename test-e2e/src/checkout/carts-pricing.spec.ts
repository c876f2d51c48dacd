import { customerGroupDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { failure } from './checkout-helpers.js';
import { cartProduct, createCart, updateCart } from './cart-fixtures.js';

describe('Carts: prices, tax and totals', () => {
  it('taxes 3 x 1.08 at 19% as 3.86 at line item level and 3.87 at unit price level (facts 4.4)', async () => {
    const { skus } = await cartProduct({ unitCents: 108 });
    // Tiers start at 3 pieces (9.00): the variant's second SKU has no tiers, so use quantity 3 of a 1.08 price.
    const lineLevel = await createCart({
      lineItems: [{ sku: skus[0], quantity: 1 }],
      shippingAddress: { country: 'DE' },
    });
    expect(lineLevel.taxedPrice).toMatchObject({
      totalNet: { centAmount: 108 },
      totalGross: { centAmount: 129 },
    });
    const three = await updateCart(
      lineLevel,
      {
        action: 'setLineItemPrice',
        lineItemId: lineLevel.lineItems[0].id,
        externalPrice: { currencyCode: 'EUR', centAmount: 108 },
      },
      {
        action: 'changeLineItemQuantity',
        lineItemId: lineLevel.lineItems[0].id,
        quantity: 3,
        externalPrice: { currencyCode: 'EUR', centAmount: 108 },
      },
    );
    expect(three.lineItems[0]).toMatchObject({ priceMode: 'ExternalPrice', totalPrice: { centAmount: 324 } });
    expect(three.taxedPrice).toMatchObject({
      totalNet: { centAmount: 324 },
      totalGross: { centAmount: 386 },
      taxPortions: [{ rate: 0.19, name: '19% DE', amount: { centAmount: 62 } }],
    });
    const unitLevel = await updateCart(three, {
      action: 'changeTaxCalculationMode',
      taxCalculationMode: 'UnitPriceLevel',
    });
    expect(unitLevel.taxedPrice?.totalGross.centAmount).toBe(387);
  });

  it('computes net from gross when the rate is included in the price, per address country', async () => {
    const { skus } = await cartProduct({ includedInPrice: true });
    const cart = await createCart({
      lineItems: [{ sku: skus[0], quantity: 2 }],
      shippingAddress: { country: 'DE' },
    });
    expect(cart.lineItems[0]).toMatchObject({
      totalPrice: { centAmount: 2000 },
      taxRate: { name: '19% DE', amount: 0.19, includedInPrice: true, country: 'DE' },
      taxedPrice: { totalGross: { centAmount: 2000 }, totalNet: { centAmount: 1681 } },
    });
    const austria = await updateCart(cart, { action: 'setShippingAddress', address: { country: 'AT' } });
    expect(austria.taxedPrice).toMatchObject({
      totalGross: { centAmount: 2000 },
      totalNet: { centAmount: 1667 },
    });
    const none = await updateCart(austria, { action: 'setShippingAddress' });
    expect(none).not.toHaveProperty('taxedPrice');
    expect(none.lineItems[0]).not.toHaveProperty('taxRate');
    expect(
      await failure(updateCart(none, { action: 'setShippingAddress', address: { country: 'FR' } })),
    ).toMatchObject({
      statusCode: 400,
      code: 'MissingTaxRateForCountry',
      error: { country: 'FR' },
    });
  });

  it("selects the customer group's price and rounds by the cart's rounding mode", async () => {
    const client = await sdk();
    const group = (await client.customerGroups().post({ body: customerGroupDraft() }).execute()).body;
    const { skus } = await cartProduct({ customerGroupId: group.id });
    const cart = await createCart({ lineItems: [{ sku: skus[0] }] });
    expect(cart.lineItems[0].price.value.centAmount).toBe(1000);
    const grouped = await updateCart(cart, {
      action: 'setCustomerGroup',
      customerGroup: { typeId: 'customer-group', id: group.id },
    });
    expect(grouped.lineItems[0]).toMatchObject({
      price: { value: { centAmount: 800 }, customerGroup: { id: group.id } },
      totalPrice: { centAmount: 800 },
    });
    expect(grouped.totalPrice.centAmount).toBe(800);
  });

  it('keeps external tax rates in External mode and takes the category rates when going to Platform', async () => {
    const { skus } = await cartProduct();
    const cart = await createCart({
      taxMode: 'External',
      lineItems: [{ sku: skus[0], externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' } }],
      shippingAddress: { country: 'DE' },
    });
    expect(cart.taxedPrice).toMatchObject({
      totalNet: { centAmount: 1000 },
      totalGross: { centAmount: 1100 },
    });
    const platform = await updateCart(cart, { action: 'changeTaxMode', taxMode: 'Platform' });
    expect(platform.lineItems[0].taxRate).toMatchObject({
      name: '19% DE',
      amount: 0.19,
      id: expect.any(String),
    });
    expect(platform.taxedPrice?.totalGross.centAmount).toBe(1190);
  });

  it('prices a custom shipping method on the cart value, free above its threshold, taxed by its category', async () => {
    const { skus, taxCategory } = await cartProduct();
    const cart = await createCart({ lineItems: [{ sku: skus[0] }], shippingAddress: { country: 'DE' } });
    const shipped = await updateCart(cart, {
      action: 'setCustomShippingMethod',
      shippingMethodName: 'Courier',
      shippingRate: {
        price: { currencyCode: 'EUR', centAmount: 490 },
        freeAbove: { currencyCode: 'EUR', centAmount: 2000 },
      },
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
    });
    expect(shipped.shippingInfo).toMatchObject({
      shippingMethodName: 'Courier',
      price: { centAmount: 490 },
      shippingMethodState: 'MatchesCart',
    });
    expect(shipped.totalPrice.centAmount).toBe(1490);
    expect(shipped.taxedShippingPrice).toMatchObject({
      totalNet: { centAmount: 490 },
      totalGross: { centAmount: 583 },
    });
    const free = await updateCart(shipped, {
      action: 'changeLineItemQuantity',
      lineItemId: shipped.lineItems[0].id,
      quantity: 3,
    });
    expect(free.shippingInfo?.price.centAmount).toBe(0);
    expect(free.totalPrice.centAmount).toBe(2700);
  });
});
