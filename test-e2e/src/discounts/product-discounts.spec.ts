import type { ProductDiscount } from '@commercetools/platform-sdk';
import { cartProduct, createCart } from '../checkout/cart-fixtures.js';
import { failure } from '../checkout/checkout-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import {
  createDiscount,
  deleteDiscounts,
  projection,
  sortOrder,
  updateDiscount,
} from './discount-fixtures.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

describe('Product discounts', () => {
  const created: ProductDiscount[] = [];
  const track = (discount: ProductDiscount) => {
    created.push(discount);
    return discount;
  };

  afterAll(async () => {
    await deleteDiscounts(...created.splice(0));
  });

  it('is created, read by id and key, queried, updated by every action and deleted', async () => {
    const client = await sdk();
    const key = uniqueKey('pd');
    const order = sortOrder('1');
    const discount = (
      await client
        .productDiscounts()
        .post({
          body: {
            key,
            name: { en: 'Summer' },
            value: { type: 'relative', permyriad: 1000 },
            predicate: 'product.key = "no-such-product"',
            sortOrder: order,
            isActive: false,
          },
        })
        .execute()
    ).body;
    expect(discount).toMatchObject({
      key,
      version: 1,
      name: { en: 'Summer' },
      value: { type: 'relative', permyriad: 1000 },
      sortOrder: order,
      isActive: false,
      references: [],
    });
    expect((await client.productDiscounts().withKey({ key }).get().execute()).body.id).toBe(discount.id);
    const page = (
      await client
        .productDiscounts()
        .get({ queryArgs: { where: `sortOrder = "${order}"` } })
        .execute()
    ).body;
    expect(page.results.map((d) => d.id)).toEqual([discount.id]);

    const newOrder = sortOrder('2');
    const updated = await updateDiscount(
      discount,
      { action: 'changeName', name: { en: 'Winter' } },
      { action: 'setDescription', description: { en: 'cold' } },
      { action: 'changeValue', value: { type: 'absolute', money: [eur(250)] } },
      { action: 'changePredicate', predicate: 'product.id = "p-1" or categories.id contains "c-1"' },
      { action: 'changeSortOrder', sortOrder: newOrder },
      { action: 'changeIsActive', isActive: true },
      { action: 'setKey', key: `${key}-2` },
      { action: 'setValidFrom', validFrom: '2020-01-01T00:00:00.000Z' },
      { action: 'setValidUntil', validUntil: '2030-01-01T00:00:00.000Z' },
    );
    expect(updated).toMatchObject({
      version: discount.version + 1,
      key: `${key}-2`,
      name: { en: 'Winter' },
      description: { en: 'cold' },
      value: { type: 'absolute', money: [{ type: 'centPrecision', currencyCode: 'EUR', centAmount: 250, fractionDigits: 2 }] },
      predicate: 'product.id = "p-1" or categories.id contains "c-1"',
      references: [
        { typeId: 'product', id: 'p-1' },
        { typeId: 'category', id: 'c-1' },
      ],
      sortOrder: newOrder,
      isActive: true,
      validFrom: '2020-01-01T00:00:00.000Z',
      validUntil: '2030-01-01T00:00:00.000Z',
    });
    const cleared = await updateDiscount(updated, { action: 'setValidFromAndUntil' }, { action: 'setKey' });
    expect(cleared).not.toHaveProperty('validFrom');
    expect(cleared).not.toHaveProperty('validUntil');
    expect(cleared).not.toHaveProperty('key');

    const deleted = (
      await client
        .productDiscounts()
        .withId({ ID: discount.id })
        .delete({ queryArgs: { version: cleared.version } })
        .execute()
    ).body;
    expect(deleted.id).toBe(discount.id);
    expect(await failure(client.productDiscounts().withId({ ID: discount.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses a duplicate sortOrder and an invalid one', async () => {
    const first = track(await createDiscount({ predicate: 'sku = "none"', isActive: false }));
    expect(await failure(createDiscount({ predicate: 'sku = "none"', sortOrder: first.sortOrder }))).toMatchObject({
      statusCode: 400,
      code: 'DuplicateField',
      error: { field: 'sortOrder', duplicateValue: first.sortOrder },
    });
    const other = track(await createDiscount({ predicate: 'sku = "none"', isActive: false }));
    expect(
      await failure(updateDiscount(other, { action: 'changeSortOrder', sortOrder: first.sortOrder })),
    ).toMatchObject({ statusCode: 400, code: 'DuplicateField' });
    expect(await failure(createDiscount({ predicate: 'sku = "none"', sortOrder: '1.5' }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidJsonInput',
    });
  });

  it('refuses a predicate it cannot parse or evaluate with InvalidInput and the position, at create and update', async () => {
    const bad = await failure(createDiscount({ predicate: 'sku = "A" and\n  variant.id = "2"' }));
    expect(bad).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    expect(bad?.error.message).toContain('(line 2, column 16)');
    expect(bad?.error.message).toContain('Expected a number, found string "2"');

    const unknown = await failure(createDiscount({ predicate: 'colour = "red"' }));
    expect(unknown?.error.message).toMatch(/Unknown field 'colour'.*\(line 1, column 1\)/);

    const discount = track(await createDiscount({ predicate: 'sku = "none"', isActive: false }));
    const refused = await failure(updateDiscount(discount, { action: 'changePredicate', predicate: 'sku in "A"' }));
    expect(refused).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    expect(refused?.error.message).toContain('(line 1, column 8)');
    const client = await sdk();
    expect((await client.productDiscounts().withId({ ID: discount.id }).get().execute()).body).toMatchObject({
      version: discount.version,
      predicate: 'sku = "none"',
    });
  });

  it('discounts each value kind: relative, absolute per currency and external on the price', async () => {
    const relative = await cartProduct();
    const absolute = await cartProduct();
    const external = await cartProduct();
    track(
      await createDiscount({
        predicate: `product.id = "${relative.product.id}"`,
        value: { type: 'relative', permyriad: 1250 },
      }),
    );
    const absoluteDiscount = track(
      await createDiscount({
        predicate: `product.id = "${absolute.product.id}"`,
        value: { type: 'absolute', money: [eur(275), { currencyCode: 'USD', centAmount: 100 }] },
      }),
    );
    const externalDiscount = track(
      await createDiscount({
        predicate: `product.id = "${external.product.id}"`,
        value: { type: 'external' },
      }),
    );

    const r = await projection(relative.product.id);
    expect(r.masterVariant.price).toMatchObject({ value: { centAmount: 1000 }, discounted: { value: { centAmount: 875 } } });
    // Every embedded price carries its discount, selected or not.
    expect(r.variants[0].prices?.[0]).toMatchObject({ value: { centAmount: 500 }, discounted: { value: { centAmount: 438 } } });

    const a = await projection(absolute.product.id);
    expect(a.masterVariant.price?.discounted).toEqual({
      value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 725, fractionDigits: 2 },
      discount: { typeId: 'product-discount', id: absoluteDiscount.id },
    });
    expect(a.variants[0].price?.discounted?.value.centAmount).toBe(225);

    // An external discount applies only where a client set it.
    expect((await projection(external.product.id)).masterVariant.price).not.toHaveProperty('discounted');
    const client = await sdk();
    const product = (await client.products().withId({ ID: external.product.id }).get().execute()).body;
    const priceId = product.masterData.current.masterVariant.prices![0].id;
    await client
      .products()
      .withId({ ID: product.id })
      .post({
        body: {
          version: product.version,
          actions: [
            {
              action: 'setDiscountedPrice',
              priceId,
              staged: false,
              discounted: { value: eur(777), discount: { typeId: 'product-discount', id: externalDiscount.id } },
            },
          ],
        },
      })
      .execute();
    expect((await projection(external.product.id)).masterVariant.price?.discounted).toMatchObject({
      value: { centAmount: 777 },
      discount: { id: externalDiscount.id },
    });
    // A relative discount's value cannot be set by a client.
    const relativeDiscount = created.find((d) => d.predicate.includes(relative.product.id))!;
    const current = (await client.products().withId({ ID: product.id }).get().execute()).body;
    expect(
      await failure(
        client
          .products()
          .withId({ ID: product.id })
          .post({
            body: {
              version: current.version,
              actions: [
                {
                  action: 'setDiscountedPrice',
                  priceId,
                  discounted: { value: eur(1), discount: { typeId: 'product-discount', id: relativeDiscount.id } },
                },
              ],
            },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  });

  it('applies only the best match (highest sortOrder), follows activation, validity and predicate changes', async () => {
    const { product } = await cartProduct();
    const predicate = `product.id = "${product.id}"`;
    const low = track(await createDiscount({ predicate, sortOrder: '0.1' + sortOrder().slice(2), value: { type: 'relative', permyriad: 1000 } }));
    let high = track(
      await createDiscount({ predicate, sortOrder: '0.9' + sortOrder().slice(2), value: { type: 'absolute', money: [eur(300)] } }),
    );
    expect((await projection(product.id)).masterVariant.price?.discounted).toMatchObject({
      value: { centAmount: 700 },
      discount: { id: high.id },
    });
    high = await updateDiscount(high, { action: 'changeIsActive', isActive: false });
    expect((await projection(product.id)).masterVariant.price?.discounted).toMatchObject({
      value: { centAmount: 900 },
      discount: { id: low.id },
    });
    high = await updateDiscount(
      high,
      { action: 'changeIsActive', isActive: true },
      { action: 'setValidFrom', validFrom: new Date(Date.now() + 86_400_000).toISOString() },
    );
    expect((await projection(product.id)).masterVariant.price?.discounted?.discount.id).toBe(low.id);
    high = await updateDiscount(high, { action: 'setValidFromAndUntil', validFrom: '2020-01-01T00:00:00.000Z' });
    expect((await projection(product.id)).masterVariant.price?.discounted?.discount.id).toBe(high.id);
    // A predicate on the variant and the price's currency narrows it to the master variant's EUR price.
    high = await updateDiscount(high, {
      action: 'changePredicate',
      predicate: `${predicate} and variant.id = 1 and price >= "10.00 EUR"`,
    });
    const narrowed = await projection(product.id);
    expect(narrowed.masterVariant.price?.discounted?.discount.id).toBe(high.id);
    expect(narrowed.variants[0].price?.discounted?.discount.id).toBe(low.id);
    // Product changes show at once: a new price below 10.00 no longer matches the high discount.
    const client = await sdk();
    const stored = (await client.products().withId({ ID: product.id }).get().execute()).body;
    await client
      .products()
      .withId({ ID: product.id })
      .post({
        body: {
          version: stored.version,
          actions: [{ action: 'setPrices', variantId: 1, staged: false, prices: [{ value: eur(990) }] }],
        },
      })
      .execute();
    expect((await projection(product.id)).masterVariant.price?.discounted).toMatchObject({
      value: { centAmount: 891 },
      discount: { id: low.id },
    });
  });

  it('answers /product-discounts/matching with the best discount, or 404 NoMatchingProductDiscountFound', async () => {
    const { product } = await cartProduct();
    const client = await sdk();
    const discount = track(
      await createDiscount({ predicate: `product.id = "${product.id}" and country = "DE"`, sortOrder: sortOrder('5') }),
    );
    const body = (country: string) => ({
      productId: product.id,
      variantId: 1,
      staged: false,
      price: { id: 'p', value: { type: 'centPrecision' as const, currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 }, country },
    });
    const found = (await client.productDiscounts().matching().post({ body: body('DE') }).execute()).body;
    expect(found.id).toBe(discount.id);
    expect(await failure(client.productDiscounts().matching().post({ body: body('US') }).execute())).toMatchObject({
      statusCode: 404,
      code: 'NoMatchingProductDiscountFound',
    });
    expect(
      await failure(
        client
          .productDiscounts()
          .matching()
          .post({ body: { ...body('DE'), variantId: 'one' } as never })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400 });
  });

  it("prices a cart's line item at the discounted value, totals and taxes to the cent", async () => {
    const { product, skus } = await cartProduct();
    track(
      await createDiscount({
        predicate: `product.id = "${product.id}"`,
        value: { type: 'relative', permyriad: 1500 },
        sortOrder: sortOrder('3'),
      }),
    );
    const cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
      shippingAddress: { country: 'DE' },
    });
    const [master, second] = cart.lineItems;
    expect(master.price).toMatchObject({ value: { centAmount: 1000 }, discounted: { value: { centAmount: 850 } } });
    expect(master.totalPrice.centAmount).toBe(1700);
    expect(second.price.discounted?.value.centAmount).toBe(425);
    expect(second.totalPrice.centAmount).toBe(425);
    expect(cart.totalPrice.centAmount).toBe(2125);
    // 19% on each line: 1700 -> 323, 425 -> 80.75 -> 81 (half even per line).
    expect(cart.taxedPrice).toMatchObject({ totalNet: { centAmount: 2125 }, totalGross: { centAmount: 2529 } });
  });

  it('shows the discounted price in projection search too', async () => {
    const { product } = await cartProduct();
    track(
      await createDiscount({
        predicate: `product.id = "${product.id}"`,
        value: { type: 'absolute', money: [eur(100)] },
        sortOrder: sortOrder('4'),
      }),
    );
    const client = await sdk();
    const page = (
      await client
        .productProjections()
        .search()
        .get({ queryArgs: { priceCurrency: 'EUR', 'filter.query': [`id:"${product.id}"`] } })
        .execute()
    ).body;
    expect(page.results[0]?.masterVariant.price?.discounted?.value.centAmount).toBe(900);
  });
});
