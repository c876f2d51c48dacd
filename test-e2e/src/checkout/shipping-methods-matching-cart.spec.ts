import type { ShippingMethodDraft, TaxCategory, Zone } from '@commercetools/platform-sdk';
import { storeDraft, taxCategoryDraft, uniqueKey, zoneDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { createCart, updateCart } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const usd = (centAmount: number) => ({ currencyCode: 'USD', centAmount });

const methodDraft = (
  zone: Zone,
  taxCategory: TaxCategory,
  overrides: Partial<ShippingMethodDraft> = {},
): ShippingMethodDraft => ({
  key: uniqueKey('sm'),
  name: uniqueKey('Standard'),
  taxCategory: { typeId: 'tax-category', id: taxCategory.id },
  zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: eur(490) }] }],
  isDefault: false,
  ...overrides,
});

describe('Shipping methods matching a cart (checkout facts 4.12)', () => {
  it('matching-cart, matching-cart-location and the in-store matching-cart: active, of the Store, predicate, zone and currency', async () => {
    const client = await sdk();
    const [home, away] = [uniqueKey('state'), uniqueKey('state')];
    const zoneOf = async (state: string) =>
      (
        await client
          .zones()
          .post({ body: zoneDraft({ locations: [{ country: 'DE', state }] }) })
          .execute()
      ).body;
    const [homeZone, awayZone] = [await zoneOf(home), await zoneOf(away)];
    const taxCategory = (await client.taxCategories().post({ body: taxCategoryDraft() }).execute()).body;
    const store = (
      await client
        .stores()
        .post({ body: storeDraft({ countries: [{ code: 'DE' }] }) })
        .execute()
    ).body;
    const method = async (zone: Zone, overrides: Partial<ShippingMethodDraft> = {}) =>
      (
        await client
          .shippingMethods()
          .post({ body: methodDraft(zone, taxCategory, overrides) })
          .execute()
      ).body;
    const email = `${uniqueKey('vip')}@example.com`;
    const standard = await method(homeZone, {
      zoneRates: [
        {
          zone: { typeId: 'zone', id: homeZone.id },
          shippingRates: [{ price: usd(700) }, { price: eur(490) }],
        },
      ],
    });
    await method(homeZone, {
      zoneRates: [{ zone: { typeId: 'zone', id: homeZone.id }, shippingRates: [{ price: usd(600) }] }],
    });
    const vip = await method(homeZone, { predicate: `customerEmail = "${email}"` });
    await method(homeZone, { active: false });
    const storeOnly = await method(homeZone, { stores: [{ typeId: 'store', key: store.key }] });
    const far = await method(awayZone);

    const cart = await createCart({ shippingAddress: { country: 'DE', state: home } });
    const matching = (cartId: string) =>
      client.shippingMethods().matchingCart().get({ queryArgs: { cartId } }).execute();
    const found = (await matching(cart.id)).body;
    expect(found.results.map((m) => m.id)).toEqual([standard.id]);
    expect(found.results[0].zoneRates).toEqual([
      {
        zone: { typeId: 'zone', id: homeZone.id },
        shippingRates: [
          expect.objectContaining({ price: expect.objectContaining(usd(700)), isMatching: false }),
          expect.objectContaining({ price: expect.objectContaining(eur(490)), isMatching: true }),
        ],
      },
    ]);
    const vipCart = await updateCart(cart, { action: 'setCustomerEmail', email });
    expect((await matching(vipCart.id)).body.results.map((m) => m.id)).toEqual([standard.id, vip.id]);

    const location = await client
      .shippingMethods()
      .matchingCartLocation()
      .get({ queryArgs: { cartId: cart.id, country: 'DE', state: away } })
      .execute();
    expect(location.body.results.map((m) => m.id)).toEqual([far.id]);

    const inStore = client.inStoreKeyWithStoreKeyValue({ storeKey: store.key });
    const storeCart = (
      await inStore
        .carts()
        .post({ body: { currency: 'EUR', shippingAddress: { country: 'DE', state: home } } })
        .execute()
    ).body;
    const inStoreMatching = (cartId: string) =>
      inStore.shippingMethods().matchingCart().get({ queryArgs: { cartId } }).execute();
    expect((await inStoreMatching(storeCart.id)).body.results.map((m) => m.id)).toEqual([
      standard.id,
      storeOnly.id,
    ]);
    // Only the Store's carts exist in the Store.
    expect(await failure(inStoreMatching(cart.id))).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
    // No shipping address, no cart id, or an unknown cart: the API's errors.
    const bare = await createCart();
    expect(await failure(matching(bare.id))).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(
      await failure(
        client
          .shippingMethods()
          .matchingCart()
          .get({ queryArgs: {} as never })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    expect(await failure(matching('no-such-cart'))).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
  });
});
