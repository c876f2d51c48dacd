import type {
  Product,
  ProductDiscount,
  StandalonePrice,
  StandalonePriceUpdateAction,
} from '@commercetools/platform-sdk';
import { createCart } from '../checkout/cart-fixtures.js';
import { failure } from '../checkout/checkout-helpers.js';
import { messagesOf } from '../checkout/checkout-sdk.js';
import {
  customerGroupDraft,
  productDraft,
  productTypeDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { createDiscount, deleteDiscounts, projection, sortOrder } from './discount-fixtures.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

async function createPrice(body: Record<string, unknown>): Promise<StandalonePrice> {
  const client = await sdk();
  return (
    await client
      .standalonePrices()
      .post({ body: body as never })
      .execute()
  ).body;
}

async function updatePrice(price: StandalonePrice, ...actions: StandalonePriceUpdateAction[]) {
  const client = await sdk();
  return (
    await client
      .standalonePrices()
      .withId({ ID: price.id })
      .post({ body: { version: price.version, actions } })
      .execute()
  ).body;
}

/** A published product in `priceMode: Standalone` with one SKU, no embedded prices, taxed 19% in DE. */
async function standaloneProduct(): Promise<{ product: Product; sku: string }> {
  const client = await sdk();
  const taxCategory = (
    await client
      .taxCategories()
      .post({
        body: taxCategoryDraft({
          rates: [{ name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' }],
        }),
      })
      .execute()
  ).body;
  const productType = (
    await client
      .productTypes()
      .post({ body: productTypeDraft() as never })
      .execute()
  ).body;
  const sku = uniqueKey('standalone-sku');
  const product = (
    await client
      .products()
      .post({
        body: productDraft(productType.id, [sku], {
          priceMode: 'Standalone',
          taxCategory: { typeId: 'tax-category', id: taxCategory.id },
          publish: true,
        }) as never,
      })
      .execute()
  ).body;
  return { product, sku };
}

describe('Standalone prices', () => {
  const discounts: ProductDiscount[] = [];
  afterAll(async () => {
    await deleteDiscounts(...discounts.splice(0));
  });

  it('is created with tiers and a staged value, read by key, and changed by every action with its Messages', async () => {
    const client = await sdk();
    const key = uniqueKey('sp');
    const sku = uniqueKey('sku');
    const created = await createPrice({
      key,
      sku,
      value: eur(1000),
      country: 'DE',
      tiers: [{ minimumQuantity: 5, value: eur(900) }],
      staged: { value: eur(950) },
    });
    expect(created).toMatchObject({
      key,
      sku,
      active: true,
      value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 },
      country: 'DE',
      tiers: [{ minimumQuantity: 5, value: { centAmount: 900 } }],
      staged: { value: { centAmount: 950 } },
    });
    expect((await client.standalonePrices().withKey({ key }).get().execute()).body.id).toBe(created.id);
    const page = (
      await client
        .standalonePrices()
        .get({ queryArgs: { where: `sku = "${sku}"` } })
        .execute()
    ).body;
    expect(page.results.map((p) => p.id)).toEqual([created.id]);

    const type = (
      await client
        .types()
        .post({ body: typeDraft(['standalone-price']) as never })
        .execute()
    ).body;
    const external = await createDiscount({
      predicate: 'sku = "none"',
      value: { type: 'external' },
      sortOrder: sortOrder('6'),
    });
    discounts.push(external);
    let price = await updatePrice(created, { action: 'applyStagedChanges' });
    expect(price.value.centAmount).toBe(950);
    expect(price).not.toHaveProperty('staged');
    price = await updatePrice(
      price,
      { action: 'changeValue', value: eur(1100), staged: true },
      { action: 'removeStagedChanges' },
      { action: 'changeValue', value: eur(1200) },
      { action: 'addPriceTier', tier: { minimumQuantity: 10, value: eur(800) } },
      { action: 'removePriceTier', minimumQuantity: 5 },
      { action: 'setPriceTiers', tiers: [{ minimumQuantity: 3, value: eur(1000) }] },
      { action: 'changeActive', active: false },
      { action: 'setKey', key: `${key}-2` },
      { action: 'setValidFrom', validFrom: '2020-01-01T00:00:00.000Z' },
      { action: 'setValidUntil', validUntil: '2040-01-01T00:00:00.000Z' },
      {
        action: 'setValidFromAndUntil',
        validFrom: '2021-01-01T00:00:00.000Z',
        validUntil: '2041-01-01T00:00:00.000Z',
      },
      {
        action: 'setDiscountedPrice',
        discounted: { value: eur(999), discount: { typeId: 'product-discount', id: external.id } },
      },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id } },
    );
    expect(price).toMatchObject({
      key: `${key}-2`,
      value: { centAmount: 1200 },
      tiers: [{ minimumQuantity: 3, value: { centAmount: 1000 } }],
      active: false,
      validFrom: '2021-01-01T00:00:00.000Z',
      validUntil: '2041-01-01T00:00:00.000Z',
      discounted: { value: { centAmount: 999 }, discount: { typeId: 'product-discount', id: external.id } },
      custom: { type: { id: type.id } },
    });
    expect(price).not.toHaveProperty('staged');
    const messages = await messagesOf(client, price.id, 14);
    expect(messages.map((m) => m.type)).toEqual([
      'StandalonePriceCreated',
      'StandalonePriceStagedChangesApplied',
      'StandalonePriceValueChanged',
      'StandalonePriceStagedChangesRemoved',
      'StandalonePriceValueChanged',
      'StandalonePriceTierAdded',
      'StandalonePriceTierRemoved',
      'StandalonePriceTiersSet',
      'StandalonePriceActiveChanged',
      'StandalonePriceKeySet',
      'StandalonePriceValidFromSet',
      'StandalonePriceValidUntilSet',
      'StandalonePriceValidFromAndUntilSet',
      'StandalonePriceExternalDiscountSet',
    ]);
    expect(messages[4]).toMatchObject({
      value: { centAmount: 1200 },
      staged: false,
      oldValue: { centAmount: 950 },
    });

    expect(
      await failure(
        updatePrice(price, { action: 'changeValue', value: { currencyCode: 'USD', centAmount: 1 } }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    expect(
      await failure(
        createPrice({ sku, value: eur(1), channel: { typeId: 'channel', key: 'no-such-channel' } }),
      ),
    ).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
    await client
      .standalonePrices()
      .withId({ ID: price.id })
      .delete({ queryArgs: { version: price.version } })
      .execute();
    const deleted = await messagesOf(client, price.id, 15);
    expect(deleted[14]).toMatchObject({ type: 'StandalonePriceDeleted', sku });
  });

  it('prices a product in Standalone mode by price selection in projections and carts, with product discounts', async () => {
    const client = await sdk();
    const { product, sku } = await standaloneProduct();
    const group = (await client.customerGroups().post({ body: customerGroupDraft() }).execute()).body;
    const base = await createPrice({ sku, value: eur(1200) });
    const grouped = await createPrice({
      sku,
      value: eur(1000),
      customerGroup: { typeId: 'customer-group', id: group.id },
    });
    await createPrice({ sku, value: eur(100), active: false });
    await createPrice({ sku, value: { currencyCode: 'USD', centAmount: 1500 } });
    await createPrice({ sku, value: eur(50), validFrom: new Date(Date.now() + 86_400_000).toISOString() });

    const plain = await projection(product.id);
    expect(plain.masterVariant.prices).toEqual([]);
    expect(plain.masterVariant.price).toMatchObject({ id: base.id, value: { centAmount: 1200 } });
    const forGroup = await projection(product.id, { priceCurrency: 'EUR', priceCustomerGroup: group.id });
    expect(forGroup.masterVariant.price).toMatchObject({ id: grouped.id, value: { centAmount: 1000 } });
    expect(
      (await projection(product.id, { priceCurrency: 'USD' })).masterVariant.price?.value.centAmount,
    ).toBe(1500);

    const cart = await createCart({ lineItems: [{ sku, quantity: 2 }], shippingAddress: { country: 'DE' } });
    expect(cart.lineItems[0].price).toMatchObject({ id: base.id, value: { centAmount: 1200 } });
    expect(cart.lineItems[0].totalPrice.centAmount).toBe(2400);
    expect(cart.taxedPrice).toMatchObject({
      totalNet: { centAmount: 2400 },
      totalGross: { centAmount: 2856 },
    });

    discounts.push(
      await createDiscount({
        predicate: `sku = "${sku}"`,
        value: { type: 'relative', permyriad: 2500 },
        sortOrder: sortOrder('7'),
      }),
    );
    expect((await projection(product.id)).masterVariant.price).toMatchObject({
      id: base.id,
      discounted: { value: { centAmount: 900 } },
    });
    const discounted = await createCart({ lineItems: [{ sku, quantity: 3 }] });
    expect(discounted.lineItems[0].totalPrice.centAmount).toBe(2700);
    expect(discounted.totalPrice.centAmount).toBe(2700);

    // A price changed on the standalone price shows in the next selection.
    await updatePrice(base, { action: 'changeValue', value: eur(2000) });
    expect((await projection(product.id)).masterVariant.price).toMatchObject({
      value: { centAmount: 2000 },
      discounted: { value: { centAmount: 1500 } },
    });
  });
  it('gives StandalonePriceDiscountSet when a product discount sets or drops its discounted value', async () => {
    const { sku } = await standaloneProduct();
    const price = await createPrice({ sku, key: uniqueKey('sp'), value: eur(2000) });
    const discount = await createDiscount({
      predicate: `sku = "${sku}"`,
      value: { type: 'relative', permyriad: 1000 },
      sortOrder: sortOrder('6'),
    });
    discounts.push(discount);
    const client = await sdk();
    const [created, set] = await messagesOf(client, price.id, 2);
    expect(created.type).toBe('StandalonePriceCreated');
    expect(set).toMatchObject({
      type: 'StandalonePriceDiscountSet',
      resource: { typeId: 'standalone-price', id: price.id },
      resourceVersion: price.version,
      resourceUserProvidedIdentifiers: { key: price.key },
      discounted: {
        value: { currencyCode: 'EUR', centAmount: 1800 },
        discount: { typeId: 'product-discount', id: discount.id },
      },
    });
    // A change that leaves the value as it was gives no Message; deactivating the discount drops it.
    const renamed = (
      await client
        .productDiscounts()
        .withId({ ID: discount.id })
        .post({ body: { version: discount.version, actions: [{ action: 'changeName', name: { en: 'x' } }] } })
        .execute()
    ).body;
    await client
      .productDiscounts()
      .withId({ ID: discount.id })
      .post({ body: { version: renamed.version, actions: [{ action: 'changeIsActive', isActive: false }] } })
      .execute();
    const messages = await messagesOf(client, price.id, 3);
    expect(messages.map((message) => message.type)).toEqual([
      'StandalonePriceCreated',
      'StandalonePriceDiscountSet',
      'StandalonePriceDiscountSet',
    ]);
    expect(messages[2]).not.toHaveProperty('discounted');
  });

  it('gives StandalonePriceDiscountSet when only time begins or ends a discount (validFrom, validUntil passing)', async () => {
    const { sku } = await standaloneProduct();
    const price = await createPrice({ sku, key: uniqueKey('sp'), value: eur(2000) });
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const discount = await createDiscount({
      predicate: `sku = "${sku}"`,
      value: { type: 'relative', permyriad: 2000 },
      sortOrder: sortOrder('5'),
      validFrom: at(1_500),
      validUntil: at(4_000),
    });
    discounts.push(discount);
    const client = await sdk();
    // Not valid yet when written: the write reports nothing; its beginning does, without any write.
    const [, began] = await messagesOf(client, price.id, 2);
    expect(began).toMatchObject({
      type: 'StandalonePriceDiscountSet',
      discounted: {
        value: { currencyCode: 'EUR', centAmount: 1600 },
        discount: { typeId: 'product-discount', id: discount.id },
      },
    });
    expect(Date.parse(began.createdAt)).toBeGreaterThanOrEqual(Date.parse(discount.validFrom!));
    const [, , ended] = await messagesOf(client, price.id, 3);
    expect(ended.type).toBe('StandalonePriceDiscountSet');
    expect(ended).not.toHaveProperty('discounted');
    expect(Date.parse(ended.createdAt)).toBeGreaterThanOrEqual(Date.parse(discount.validUntil!));
    // Each change is reported once, however many sweeps pass.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await messagesOf(client, price.id, 3)).map((message) => message.type)).toEqual([
      'StandalonePriceCreated',
      'StandalonePriceDiscountSet',
      'StandalonePriceDiscountSet',
    ]);
  });
});
