import type { Product } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { productDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newChannel, newCustomerGroup, newProductType, ref, skus, update } from './catalog-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

async function publishedWithStagedChange(): Promise<Product> {
  const productType = await newProductType();
  const [sku] = skus(1);
  const created = await api.create<Product>(
    'products',
    productDraft(productType.id, [sku], { publish: true, name: { en: 'Published name' } }),
  );
  return update('products', created, { action: 'changeName', name: { en: 'Staged name' } });
}

describe('Product projections', () => {
  it('answer the current data of published products by default and the staged data with staged=true', async () => {
    const client = await sdk();
    const product = await publishedWithStagedChange();

    const { body: current } = await client.productProjections().withId({ ID: product.id }).get().execute();
    expect(current).toMatchObject({
      id: product.id,
      version: product.version,
      key: product.key,
      productType: product.productType,
      name: { en: 'Published name' },
      published: true,
      hasStagedChanges: true,
    });
    expect(current).not.toHaveProperty('masterData');
    expect(current.masterVariant.sku).toBe(product.masterData.current.masterVariant.sku);

    const { body: staged } = await client
      .productProjections()
      .withKey({ key: product.key! })
      .get({ queryArgs: { staged: true } })
      .execute();
    expect(staged.name).toEqual({ en: 'Staged name' });

    const head = await api.head(`product-projections/key=${product.key}`);
    expect(head.status).toBe(200);
  });

  it('hide unpublished products from the current projection but not from the staged one', async () => {
    const client = await sdk();
    const productType = await newProductType();
    const product = await api.create<Product>(
      'products',
      productDraft(productType.id, [], { publish: false }),
    );

    const missing = await api.get(`product-projections/${product.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ResourceNotFound');
    expect((await api.head(`product-projections/${product.id}`)).status).toBe(404);

    const { body } = await client
      .productProjections()
      .withId({ ID: product.id })
      .get({ queryArgs: { staged: true } })
      .execute();
    expect(body).toMatchObject({ id: product.id, published: false });

    const published = await update('products', product, { action: 'publish' });
    const { body: now } = await client.productProjections().withId({ ID: product.id }).get().execute();
    expect(now).toMatchObject({ version: published.version, published: true, hasStagedChanges: false });
  });

  it('are queried with where, sort, paging and total', async () => {
    const client = await sdk();
    const marker = uniqueKey('marker');
    const productType = await newProductType();
    const products: Product[] = [];
    for (const name of ['b', 'a', 'c']) {
      products.push(
        await api.create<Product>(
          'products',
          productDraft(productType.id, skus(1), { publish: true, name: { en: `${marker}-${name}` } }),
        ),
      );
    }
    await api.create(
      'products',
      productDraft(productType.id, [], { publish: false, name: { en: `${marker}-d` } }),
    );

    const { body: page } = await client
      .productProjections()
      .get({
        queryArgs: {
          where: `productType(id = "${productType.id}")`,
          sort: 'name.en desc',
          limit: 2,
          withTotal: true,
        },
      })
      .execute();
    expect(page.total).toBe(3);
    expect(page.count).toBe(2);
    expect(page.results.map((p) => p.name.en)).toEqual([`${marker}-c`, `${marker}-b`]);

    const { body: staged } = await client
      .productProjections()
      .get({ queryArgs: { where: `productType(id = "${productType.id}")`, staged: true } })
      .execute();
    expect(staged.total).toBe(4);

    // Input variables with or without the `var.` prefix, as the SDK's own tests pass them.
    const sku = products[0].masterData.current.masterVariant.sku!;
    for (const name of ['sku', 'var.sku']) {
      const { body: bySku } = await client
        .productProjections()
        .get({ queryArgs: { where: 'masterVariant(sku in :sku) or variants(sku in :sku)', [name]: sku } })
        .execute();
      expect(bySku.results.map((p) => p.id)).toEqual([products[0].id]);
    }
    const bad = await api.get(
      `product-projections?where=${encodeURIComponent('masterData(published = true)')}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('InvalidInput');
  });

  it('expand references', async () => {
    const client = await sdk();
    const productType = await newProductType();
    const product = await api.create<Product>(
      'products',
      productDraft(productType.id, [], { publish: true }),
    );
    const { body } = await client
      .productProjections()
      .withId({ ID: product.id })
      .get({ queryArgs: { expand: ['productType'] } })
      .execute();
    expect(body.productType.obj?.key).toBe(productType.key);
  });

  it('select each variant price by currency, country, customer group and channel', async () => {
    const client = await sdk();
    const group = await newCustomerGroup();
    const channel = await newChannel({ roles: ['ProductDistribution'] });
    const productType = await newProductType();
    const [master, second] = skus(2);
    let product = await api.create<Product>(
      'products',
      productDraft(productType.id, [master, second], { publish: true }),
    );
    const prices = [
      { value: eur(1000) },
      { value: eur(900), country: 'DE' },
      { value: eur(800), customerGroup: ref(group, 'customer-group') },
      { value: eur(700), channel: ref(channel, 'channel') },
      { value: { currencyCode: 'USD', centAmount: 1200 } },
      { value: eur(1), validUntil: '2001-01-01T00:00:00.000Z', country: 'FR' },
    ];
    product = await update(
      'products',
      product,
      ...prices.map((price) => ({ action: 'addPrice', variantId: 1, price, staged: false })),
      {
        action: 'addPrice',
        variantId: 2,
        price: { value: { currencyCode: 'USD', centAmount: 5 } },
        staged: false,
      },
    );

    const select = async (queryArgs: Record<string, string>) => {
      const { body } = await client
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs })
        .execute();
      return body;
    };
    expect((await select({ priceCurrency: 'EUR' })).masterVariant.price?.value.centAmount).toBe(1000);
    expect(
      (await select({ priceCurrency: 'EUR', priceCountry: 'DE' })).masterVariant.price?.value.centAmount,
    ).toBe(900);
    expect(
      (await select({ priceCurrency: 'EUR', priceCountry: 'FR' })).masterVariant.price?.value.centAmount,
    ).toBe(1000);
    expect(
      (await select({ priceCurrency: 'EUR', priceCountry: 'DE', priceCustomerGroup: group.id })).masterVariant
        .price?.value.centAmount,
    ).toBe(800);
    expect(
      (await select({ priceCurrency: 'EUR', priceChannel: channel.id })).masterVariant.price?.value
        .centAmount,
    ).toBe(700);
    const usd = await select({ priceCurrency: 'USD' });
    expect(usd.masterVariant.price?.value.centAmount).toBe(1200);
    expect(usd.variants[0].price?.value.centAmount).toBe(5);
    const eurOnly = await select({ priceCurrency: 'EUR' });
    expect(eurOnly.variants[0].price).toBeUndefined();
    expect((await select({})).masterVariant.price).toBeUndefined();

    const { body: page } = await client
      .productProjections()
      .get({ queryArgs: { where: `id = "${product.id}"`, priceCurrency: 'USD' } })
      .execute();
    expect(page.results[0].masterVariant.price?.value.centAmount).toBe(1200);

    const bad = await api.get(`product-projections/${product.id}?priceCountry=DE`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('InvalidInput');
  });

  it('need view_products for staged data; view_published_products reads the current data', async () => {
    const product = await publishedWithStagedChange();
    const { platform } = await import('../support/platform.js');
    const { projectKey } = await platform();
    const reader = await sdk([`view_published_products:${projectKey}`]);
    const { body } = await reader.productProjections().withId({ ID: product.id }).get().execute();
    expect(body.name).toEqual({ en: 'Published name' });
    await expect(
      reader
        .productProjections()
        .withId({ ID: product.id })
        .get({ queryArgs: { staged: true } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
