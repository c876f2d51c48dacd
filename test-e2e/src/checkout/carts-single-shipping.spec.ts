import type {
  ShippingMethodDraft,
  ShippingRateDraft,
  ShippingRateInputType,
} from '@commercetools/platform-sdk';
import {
  productDraft,
  productTypeDraft,
  storeDraft,
  taxCategoryDraft,
  uniqueKey,
  zoneDraft,
} from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { failure, freshProject, type Client } from './checkout-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const usd = (centAmount: number) => ({ currencyCode: 'USD', centAmount });

/**
 * A shop in `client`'s project: a Zone of one DE state of its own, a tax category of 19% there (not included),
 * a published product at 10.00 EUR in it, and `method` creating shipping methods for that Zone.
 */
async function shop(client: Client) {
  const zone = (await client.zones().post({ body: zoneDraft() }).execute()).body;
  const { state } = zone.locations[0];
  const taxCategory = (
    await client
      .taxCategories()
      .post({
        body: taxCategoryDraft({
          rates: [{ name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE', state }],
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
  const sku = uniqueKey('sku');
  await client
    .products()
    .post({
      body: productDraft(productType.id, [], {
        masterVariant: { sku, prices: [{ value: eur(1000) }] },
        taxCategory: { typeId: 'tax-category', id: taxCategory.id },
        publish: true,
      }) as never,
    })
    .execute();
  const method = async (rates: ShippingRateDraft[], overrides: Partial<ShippingMethodDraft> = {}) =>
    (
      await client
        .shippingMethods()
        .post({
          body: {
            key: uniqueKey('sm'),
            name: uniqueKey('Parcel'),
            taxCategory: { typeId: 'tax-category', id: taxCategory.id },
            zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: rates }],
            isDefault: false,
            ...overrides,
          },
        })
        .execute()
    ).body;
  const shippingAddress = { country: 'DE', state };
  /** A cart of `quantity` pieces at the Zone's address. */
  const cart = async (quantity: number) =>
    (
      await client
        .carts()
        .post({ body: { currency: 'EUR', shippingAddress, lineItems: [{ sku, quantity }] } })
        .execute()
    ).body;
  return { zone, taxCategory, sku, method, cart, shippingAddress };
}

/** A project of its own whose shipping rates are priced by this input type (set before any cart reads it). */
async function projectPricedBy(shippingRateInputType: ShippingRateInputType) {
  const { client } = await freshProject();
  const project = (await client.get().execute()).body;
  await client
    .post({
      body: {
        version: project.version,
        actions: [{ action: 'setShippingRateInputType', shippingRateInputType }],
      },
    })
    .execute();
  return client;
}

const update = async (client: Client, cart: { id: string; version: number }, actions: object[]) =>
  (
    await client
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: cart.version, actions: actions as never } })
      .execute()
  ).body;

describe('The Single shipping mode (checkout facts 4.12): setShippingMethod, the rate of the Zone, tiers and taxes', () => {
  it('setShippingMethod takes the Zone rate in the cart currency, taxed by the method; inactive, non-matching and foreign methods are refused', async () => {
    const client = await sdk();
    const { method, cart, taxCategory } = await shop(client);
    const parcel = await method([{ price: usd(590) }, { price: eur(490) }]);
    const created = await cart(1);
    const ref = { typeId: 'shipping-method', id: parcel.id };
    const shipped = await update(client, created, [{ action: 'setShippingMethod', shippingMethod: ref }]);
    expect(shipped.shippingMode).toBe('Single');
    expect(shipped.shippingInfo).toMatchObject({
      shippingMethodName: parcel.name,
      shippingMethod: { typeId: 'shipping-method', id: parcel.id },
      price: eur(490),
      shippingRate: { price: eur(490) },
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      taxRate: { name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' },
      // 4.90 x 0.19 = 0.931 -> 0.93.
      taxedPrice: { totalNet: eur(490), totalGross: eur(583) },
      shippingMethodState: 'MatchesCart',
    });
    expect(shipped).toMatchObject({
      totalPrice: eur(1490),
      taxedShippingPrice: { totalNet: eur(490), totalGross: eur(583) },
      // Items 10.00 + 1.90 and shipping 4.90 + 0.93, one portion of 19%.
      taxedPrice: {
        totalNet: eur(1490),
        totalGross: eur(1773),
        taxPortions: [{ rate: 0.19, name: '19% DE', amount: eur(283) }],
      },
    });
    // The order keeps the shipping.
    const order = (
      await client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: shipped.id }, version: shipped.version } })
        .execute()
    ).body;
    expect(order).toMatchObject({
      shippingInfo: { shippingMethodName: parcel.name, price: eur(490) },
      taxedShippingPrice: { totalGross: eur(583) },
      totalPrice: eur(1490),
    });

    const other = await cart(1);
    const unset = await update(
      client,
      await update(client, other, [{ action: 'setShippingMethod', shippingMethod: ref }]),
      [{ action: 'setShippingMethod' }],
    );
    expect(unset).not.toHaveProperty('shippingInfo');
    expect(unset).not.toHaveProperty('taxedShippingPrice');
    expect(unset.totalPrice).toEqual(expect.objectContaining(eur(1000)));

    const refused = async (draft: Partial<ShippingMethodDraft>) => {
      const candidate = await method([{ price: eur(100) }], draft);
      return failure(
        update(client, unset, [
          { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: candidate.id } },
        ]),
      );
    };
    expect(await refused({ active: false })).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(await refused({ predicate: `customerEmail = "${uniqueKey('vip')}@example.com"` })).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    expect(await refused({ stores: [{ typeId: 'store', key: store.key }] })).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    expect(
      await failure(
        update(client, unset, [
          {
            action: 'setShippingMethod',
            shippingMethod: { typeId: 'shipping-method', id: 'no-such-method' },
          },
        ]),
      ),
    ).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
    // Nothing was written by the refusals.
    expect((await client.carts().withId({ ID: unset.id }).get().execute()).body.version).toBe(unset.version);
  });

  it('CartValue tiers: the highest minimumCentAmount reached by the items value, free once it reaches freeAbove', async () => {
    const client = await projectPricedBy({ type: 'CartValue' });
    const { method, cart } = await shop(client);
    const parcel = await method([
      {
        price: eur(490),
        freeAbove: eur(5000),
        tiers: [
          { type: 'CartValue', minimumCentAmount: 2000, price: eur(290) },
          { type: 'CartValue', minimumCentAmount: 3000, price: eur(190) },
        ],
      },
    ]);
    const priceAt = async (quantity: number) => {
      const shipped = await update(client, await cart(quantity), [
        { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: parcel.id } },
      ]);
      return shipped.shippingInfo!;
    };
    expect((await priceAt(1)).price.centAmount).toBe(490);
    const two = await priceAt(2);
    expect(two.price.centAmount).toBe(290);
    expect(two.shippingRate.tiers).toEqual([
      expect.objectContaining({ minimumCentAmount: 2000, isMatching: true }),
      expect.objectContaining({ minimumCentAmount: 3000, isMatching: false }),
    ]);
    expect((await priceAt(4)).price.centAmount).toBe(190);
    expect((await priceAt(5)).price.centAmount).toBe(0);
    // The price follows the items: fewer pieces, the lower tier's price again.
    const shipped = await update(client, await cart(3), [
      { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: parcel.id } },
    ]);
    expect(shipped.shippingInfo?.price.centAmount).toBe(190);
    const fewer = await update(client, shipped, [
      { action: 'changeLineItemQuantity', lineItemId: shipped.lineItems[0].id, quantity: 2 },
    ]);
    expect(fewer.shippingInfo?.price.centAmount).toBe(290);
    expect(fewer.totalPrice.centAmount).toBe(2290);
  });

  it('CartClassification tiers: the tier whose value is the key of setShippingRateInput; none given, the base price', async () => {
    const client = await projectPricedBy({
      type: 'CartClassification',
      values: [
        { key: 'Light', label: { en: 'Light' } },
        { key: 'Heavy', label: { en: 'Heavy', de: 'Schwer' } },
      ],
    });
    const { method, cart } = await shop(client);
    const parcel = await method([
      {
        price: eur(490),
        tiers: [
          { type: 'CartClassification', value: 'Light', price: eur(390) },
          { type: 'CartClassification', value: 'Heavy', price: eur(1900) },
        ],
      },
    ]);
    const shipped = await update(client, await cart(1), [
      { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: parcel.id } },
    ]);
    expect(shipped.shippingInfo?.price.centAmount).toBe(490);
    const heavy = await update(client, shipped, [
      { action: 'setShippingRateInput', shippingRateInput: { type: 'Classification', key: 'Heavy' } },
    ]);
    // The input shows the label of the Project's value of that key (SDK ClassificationShippingRateInput).
    expect(heavy.shippingRateInput).toEqual({
      type: 'Classification',
      key: 'Heavy',
      label: { en: 'Heavy', de: 'Schwer' },
    });
    expect(heavy.shippingInfo?.price.centAmount).toBe(1900);
    expect(heavy.totalPrice.centAmount).toBe(2900);
    const light = await update(client, heavy, [
      { action: 'setShippingRateInput', shippingRateInput: { type: 'Classification', key: 'Light' } },
    ]);
    expect(light.shippingInfo?.price.centAmount).toBe(390);
    const none = await update(client, light, [{ action: 'setShippingRateInput' }]);
    expect(none).not.toHaveProperty('shippingRateInput');
    expect(none.shippingInfo?.price.centAmount).toBe(490);
  });

  it('CartScore tiers: the tier of the score, a price function in cents with x = the score', async () => {
    const client = await projectPricedBy({ type: 'CartScore' });
    const { method, cart } = await shop(client);
    const parcel = await method([
      {
        price: eur(490),
        tiers: [
          { type: 'CartScore', score: 1, price: eur(690) },
          { type: 'CartScore', score: 2, priceFunction: { currencyCode: 'EUR', function: '(99 * x) + 3' } },
        ],
      },
    ]);
    const shipped = await update(client, await cart(1), [
      { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: parcel.id } },
    ]);
    const scored = async (score: number) =>
      (
        await update(client, (await client.carts().withId({ ID: shipped.id }).get().execute()).body, [
          { action: 'setShippingRateInput', shippingRateInput: { type: 'Score', score } },
        ])
      ).shippingInfo!.price.centAmount;
    expect(await scored(1)).toBe(690);
    // 99 x 2 + 3 = 201 cents.
    expect(await scored(2)).toBe(201);
    expect(await scored(0)).toBe(490);
  });

  it('HardFreeze also refuses setShippingMethod, which a SoftFreeze allows (facts 4.7)', async () => {
    const client = await sdk();
    const { method, cart } = await shop(client);
    const parcel = await method([{ price: eur(490) }]);
    const ref = { typeId: 'shipping-method', id: parcel.id };
    const soft = await update(client, await cart(1), [{ action: 'freezeCart' }]);
    expect(soft).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
    const shipped = await update(client, soft, [{ action: 'setShippingMethod', shippingMethod: ref }]);
    expect(shipped.shippingInfo?.price.centAmount).toBe(490);
    const hard = await update(client, await cart(1), [{ action: 'freezeCart', strategy: 'HardFreeze' }]);
    expect(hard).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'HardFreeze' });
    expect(
      await failure(update(client, hard, [{ action: 'setShippingMethod', shippingMethod: ref }])),
    ).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    expect(
      await failure(
        update(client, hard, [
          {
            action: 'setCustomShippingMethod',
            shippingMethodName: 'Courier',
            shippingRate: { price: eur(100) },
          },
        ]),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    const thawed = await update(client, hard, [{ action: 'unfreezeCart' }]);
    expect(thawed.cartState).toBe('Active');
    expect(
      (await update(client, thawed, [{ action: 'setShippingMethod', shippingMethod: ref }])).shippingInfo
        ?.price.centAmount,
    ).toBe(490);
  });

  it('refuses the order once the cart no longer matches the method (ShippingMethodDoesNotMatchCart) or the method is inactive', async () => {
    const client = await sdk();
    const { method, cart } = await shop(client);
    const email = `${uniqueKey('vip')}@example.com`;
    const vip = await method([{ price: eur(490) }], { predicate: `customerEmail = "${email}"` });
    const ref = { typeId: 'shipping-method', id: vip.id };
    const order = (target: { id: string; version: number }) =>
      client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: target.id }, version: target.version } })
        .execute();
    const shipped = await update(client, await cart(1), [
      { action: 'setCustomerEmail', email },
      { action: 'setShippingMethod', shippingMethod: ref },
    ]);
    expect(shipped.shippingInfo).toMatchObject({ shippingMethodState: 'MatchesCart', price: eur(490) });
    const changed = await update(client, shipped, [
      { action: 'setCustomerEmail', email: `${uniqueKey('other')}@example.com` },
    ]);
    // The change itself judges the predicate again (facts 4.12): the cart shows it no longer matches.
    expect(changed.shippingInfo?.shippingMethodState).toBe('DoesNotMatchCart');
    expect(await failure(order(changed))).toMatchObject({
      statusCode: 400,
      code: 'ShippingMethodDoesNotMatchCart',
    });
    expect((await client.carts().withId({ ID: changed.id }).get().execute()).body).toMatchObject({
      cartState: 'Active',
      version: changed.version,
    });
    const again = await update(client, changed, [{ action: 'setCustomerEmail', email }]);
    expect(again.shippingInfo?.shippingMethodState).toBe('MatchesCart');
    expect((await order(again)).statusCode).toBe(201);

    // The method turned inactive after it was set: the order is refused.
    const parcel = await method([{ price: eur(390) }]);
    const other = await update(client, await cart(1), [
      { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: parcel.id } },
    ]);
    await client
      .shippingMethods()
      .withId({ ID: parcel.id })
      .post({ body: { version: parcel.version, actions: [{ action: 'changeActive', active: false }] } })
      .execute();
    expect(await failure(order(other))).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });
});
