import type { PriceDraft } from '@commercetools/platform-sdk';
import { channelDraft, customerGroupDraft, productDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { failure } from './checkout-helpers.js';
import {
  cartProduct,
  createCart,
  createProductType,
  createTaxCategory,
  updateCart,
} from './cart-fixtures.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const day = 24 * 60 * 60 * 1000;

/** A published product whose master variant has these prices, taxed 19% in DE (not included); its SKU. */
async function productWith(prices: PriceDraft[]): Promise<string> {
  const client = await sdk();
  const taxCategory = await createTaxCategory([
    { name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' },
  ]);
  const productType = await createProductType();
  const sku = uniqueKey('sku');
  await client
    .products()
    .post({
      body: productDraft(productType.id, [], {
        masterVariant: { sku, prices },
        taxCategory: { typeId: 'tax-category', id: taxCategory.id },
        publish: true,
      }) as never,
    })
    .execute();
  return sku;
}

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

  it("selects the price by the cart's country, the line item's distribution channel and the validity dates (facts 4.1)", async () => {
    const client = await sdk();
    const channel = (
      await client
        .channels()
        .post({ body: channelDraft(['ProductDistribution']) })
        .execute()
    ).body;
    const now = Date.now();
    const sku = await productWith([
      { value: eur(1000) },
      { value: eur(900), country: 'DE' },
      { value: eur(800), channel: { typeId: 'channel', id: channel.id } },
      { value: eur(650), country: 'AT' },
      // A dated price valid now beats the undated one of the same scope.
      {
        value: eur(600),
        country: 'AT',
        validFrom: new Date(now - day).toISOString(),
        validUntil: new Date(now + day).toISOString(),
      },
      // Validity is a hard filter: an expired or a future price is never selected.
      { value: eur(100), country: 'US', validUntil: new Date(now - day).toISOString() },
      { value: eur(200), country: 'US', validFrom: new Date(now + day).toISOString() },
    ]);
    const unitPrice = async (draft: Parameters<typeof createCart>[0]) =>
      (await createCart(draft)).lineItems[0].price.value.centAmount;
    expect(await unitPrice({ lineItems: [{ sku }] })).toBe(1000);
    expect(await unitPrice({ country: 'DE', lineItems: [{ sku }] })).toBe(900);
    expect(await unitPrice({ country: 'AT', lineItems: [{ sku }] })).toBe(600);
    expect(await unitPrice({ country: 'US', lineItems: [{ sku }] })).toBe(1000);
    const channelRef = { typeId: 'channel' as const, id: channel.id };
    expect(await unitPrice({ lineItems: [{ sku, distributionChannel: channelRef }] })).toBe(800);
    // The channel outweighs the country (the price-selection fallback order).
    expect(await unitPrice({ country: 'DE', lineItems: [{ sku, distributionChannel: channelRef }] })).toBe(
      800,
    );
    // The country is the cart's, not the shipping address's; changing it reprices the line items.
    const cart = await createCart({ lineItems: [{ sku, quantity: 2 }], shippingAddress: { country: 'DE' } });
    expect(cart.lineItems[0]).toMatchObject({
      price: { value: { centAmount: 1000 } },
      totalPrice: eur(2000),
    });
    const german = await updateCart(cart, { action: 'setCountry', country: 'DE' });
    expect(german.lineItems[0]).toMatchObject({
      price: { value: { centAmount: 900 }, country: 'DE' },
      totalPrice: { centAmount: 1800 },
    });
    const viaChannel = await updateCart(german, {
      action: 'setLineItemDistributionChannel',
      lineItemId: german.lineItems[0].id,
      distributionChannel: channelRef,
    });
    expect(viaChannel.lineItems[0]).toMatchObject({
      distributionChannel: { typeId: 'channel', id: channel.id },
      price: { value: { centAmount: 800 }, channel: { id: channel.id } },
      totalPrice: { centAmount: 1600 },
    });
    expect(viaChannel.totalPrice.centAmount).toBe(1600);
  });

  it('rounds line item totals by priceRoundingMode: HalfEven, HalfUp, HalfDown (facts 4.5)', async () => {
    // 1.005 and 1.015 EUR in high precision: each total is a tie at the cent.
    const precise = (preciseAmount: number): PriceDraft => ({
      value: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount, fractionDigits: 3 },
    });
    const [even, odd] = [await productWith([precise(1005)]), await productWith([precise(1015)])];
    const total = async (sku: string, priceRoundingMode?: 'HalfEven' | 'HalfUp' | 'HalfDown') =>
      (await createCart({ lineItems: [{ sku }], ...(priceRoundingMode ? { priceRoundingMode } : {}) }))
        .lineItems[0].totalPrice.centAmount;
    // 1.005: HalfEven 1.00, HalfUp 1.01, HalfDown 1.00. 1.015: HalfEven 1.02, HalfUp 1.02, HalfDown 1.01.
    expect([
      await total(even, 'HalfEven'),
      await total(even, 'HalfUp'),
      await total(even, 'HalfDown'),
    ]).toEqual([100, 101, 100]);
    expect([await total(odd, 'HalfEven'), await total(odd, 'HalfUp'), await total(odd, 'HalfDown')]).toEqual([
      102, 102, 101,
    ]);
    const cart = await createCart({ lineItems: [{ sku: even }], priceRoundingMode: 'HalfEven' });
    expect(cart.lineItems[0].price.value).toMatchObject({ type: 'highPrecision', preciseAmount: 1005 });
    const up = await updateCart(cart, { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfUp' });
    expect(up).toMatchObject({ priceRoundingMode: 'HalfUp', totalPrice: { centAmount: 101 } });
  });

  it('Disabled: no tax rates and no taxed prices, even with a shipping address; Platform taxes again', async () => {
    const { skus } = await cartProduct();
    const cart = await createCart({
      taxMode: 'Disabled',
      lineItems: [{ sku: skus[0] }],
      shippingAddress: { country: 'DE' },
    });
    expect(cart).toMatchObject({ taxMode: 'Disabled', totalPrice: { centAmount: 1000 } });
    expect(cart).not.toHaveProperty('taxedPrice');
    expect(cart.lineItems[0]).not.toHaveProperty('taxRate');
    expect(cart.lineItems[0]).not.toHaveProperty('taxedPrice');
    const platform = await updateCart(cart, { action: 'changeTaxMode', taxMode: 'Platform' });
    expect(platform.taxedPrice).toMatchObject({
      totalNet: { centAmount: 1000 },
      totalGross: { centAmount: 1190 },
    });
  });

  it('ExternalTotal: setLineItemTotalPrice counts only the given total; a quantity change without it goes back to Platform (facts 4.1)', async () => {
    const { skus } = await cartProduct();
    const cart = await createCart({
      lineItems: [{ sku: skus[1], quantity: 2 }],
      shippingAddress: { country: 'DE' },
    });
    const [item] = cart.lineItems;
    const external = await updateCart(cart, {
      action: 'setLineItemTotalPrice',
      lineItemId: item.id,
      externalTotalPrice: { price: eur(450), totalPrice: eur(777) },
    });
    expect(external.lineItems[0]).toMatchObject({
      priceMode: 'ExternalTotal',
      price: { value: { centAmount: 450 } },
      totalPrice: { centAmount: 777 },
    });
    // 7.77 x 0.19 = 1.4763 -> 1.48.
    expect(external).toMatchObject({
      totalPrice: { centAmount: 777 },
      taxedPrice: { totalNet: { centAmount: 777 }, totalGross: { centAmount: 925 } },
    });
    const platform = await updateCart(external, {
      action: 'changeLineItemQuantity',
      lineItemId: item.id,
      quantity: 3,
    });
    expect(platform.lineItems[0]).toMatchObject({
      priceMode: 'Platform',
      price: { value: { centAmount: 500 } },
      totalPrice: { centAmount: 1500 },
    });
  });
});
