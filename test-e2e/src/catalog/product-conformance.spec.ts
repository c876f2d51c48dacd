import type { Product, ProductType, ProductUpdateAction } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { productDraft, productTypeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { messagesOf, newType, skus } from './catalog-helpers.js';

type Client = Awaited<ReturnType<typeof sdk>>;

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

const updateProduct = async (client: Client, product: Product, ...actions: ProductUpdateAction[]) =>
  (
    await client
      .products()
      .withId({ ID: product.id })
      .post({ body: { version: product.version, actions } })
      .execute()
  ).body;

async function refusal(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const { statusCode, body } = error as {
      statusCode: number;
      body: { errors: Array<{ code: string; message: string }> };
    };
    return { statusCode, ...body.errors[0] };
  }
  throw new Error('expected the request to be refused');
}

/** A product of a fresh product type (one Variant-level `size` enum, one Product-level text `brand`). */
async function newProduct(client: Client, overrides: Record<string, unknown> = {}) {
  const brand = {
    name: 'brand',
    label: { en: 'Brand' },
    isRequired: false,
    type: { name: 'text' },
    level: 'Product',
  };
  const type = await api.create<ProductType>(
    'product-types',
    productTypeDraft({ attributes: [...productTypeDraft().attributes, brand] }),
  );
  const [sku] = skus(1);
  const draft = productDraft(type.id, [sku], {
    masterVariant: { sku, prices: [{ value: eur(1000) }] },
    ...overrides,
  });
  return (
    await client
      .products()
      .post({ body: draft as never })
      .execute()
  ).body;
}

describe('Product conformance', () => {
  it('addVariant keeps its prices, each with an id', async () => {
    const client = await sdk();
    const product = await newProduct(client);
    const [sku] = skus(1);
    const updated = await updateProduct(client, product, {
      action: 'addVariant',
      sku,
      prices: [
        { value: eur(500), country: 'DE' },
        { key: uniqueKey('price'), value: eur(700) },
      ],
      staged: false,
    });
    for (const data of [updated.masterData.staged, updated.masterData.current]) {
      expect(data.variants[0].prices).toEqual([
        { id: expect.any(String), value: expect.objectContaining({ centAmount: 500 }), country: 'DE' },
        {
          id: expect.any(String),
          key: expect.any(String),
          value: expect.objectContaining({ centAmount: 700 }),
        },
      ]);
    }
    const stored = await client.products().withId({ ID: product.id }).get().execute();
    expect(stored.body.masterData.staged.variants[0].prices).toHaveLength(2);
  });

  it('keeps the draft’s priceMode, shows it in projections, and setPriceMode changes or removes it', async () => {
    const client = await sdk();
    let product = await newProduct(client, { priceMode: 'Standalone', publish: true });
    expect(product.priceMode).toBe('Standalone');
    const projection = await client.productProjections().withId({ ID: product.id }).get().execute();
    expect(projection.body.priceMode).toBe('Standalone');
    const where = [`id = "${product.id}"`, 'priceMode = "Standalone"'];
    const queried = await client.productProjections().get({ queryArgs: { where } }).execute();
    expect(queried.body.results.map((p) => p.id)).toEqual([product.id]);
    const byProduct = await client.products().get({ queryArgs: { where } }).execute();
    expect(byProduct.body.results.map((p) => p.id)).toEqual([product.id]);
    product = await updateProduct(client, product, { action: 'setPriceMode', priceMode: 'Embedded' });
    expect(product.priceMode).toBe('Embedded');
    expect((await client.products().withId({ ID: product.id }).get().execute()).body.priceMode).toBe(
      'Embedded',
    );
    const messages = await messagesOf(product.id, 2);
    expect(messages.find((m) => m.type === 'ProductPriceModeSet')).toMatchObject({ to: 'Embedded' });
    product = await updateProduct(client, product, { action: 'setPriceMode' });
    expect(product).not.toHaveProperty('priceMode');
    const unknownMode = await api.post(`products/${product.id}`, {
      version: product.version,
      actions: [{ action: 'setPriceMode', priceMode: 'Both' }],
    });
    expect(unknownMode.status).toBe(400);
    expect(unknownMode.body.errors[0].code).toBe('InvalidJsonInput');
  });

  it('setProductAttribute sets and removes a Product-level attribute, staged or in both', async () => {
    const client = await sdk();
    let product = await newProduct(client, { publish: true });
    product = await updateProduct(client, product, {
      action: 'setProductAttribute',
      name: 'brand',
      value: 'Acme',
    });
    expect(product.masterData.staged.attributes).toEqual([{ name: 'brand', value: 'Acme' }]);
    expect(product.masterData.current.attributes).toEqual([]);
    expect(product.masterData.hasStagedChanges).toBe(true);
    product = await updateProduct(client, product, {
      action: 'setProductAttribute',
      name: 'brand',
      value: 'Acme 2',
      staged: false,
    });
    expect(product.masterData.current.attributes).toEqual([{ name: 'brand', value: 'Acme 2' }]);
    expect(product.masterData.staged.attributes).toEqual([{ name: 'brand', value: 'Acme 2' }]);
    expect(
      await refusal(
        updateProduct(client, product, { action: 'setProductAttribute', name: 'size', value: 'm' }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(
      await refusal(
        updateProduct(client, product, { action: 'setProductAttribute', name: 'brand', value: 7 }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidField' });
    product = await updateProduct(client, product, { action: 'setProductAttribute', name: 'brand' });
    expect(product.masterData.staged.attributes).toEqual([]);
  });

  it('the custom fields of an Embedded Price: setProductPriceCustomType and setProductPriceCustomField', async () => {
    const client = await sdk();
    const priceType = await newType(['product-price']);
    let product = await newProduct(client);
    const priceId = product.masterData.staged.masterVariant.prices![0].id;
    product = await updateProduct(client, product, {
      action: 'setProductPriceCustomType',
      priceId,
      type: { typeId: 'type', key: priceType.key },
      fields: { note: 'launch' },
    });
    const price = () => product.masterData.staged.masterVariant.prices![0];
    expect(price().custom).toEqual({
      type: { typeId: 'type', id: priceType.id },
      fields: { note: 'launch' },
    });
    product = await updateProduct(
      client,
      product,
      { action: 'setProductPriceCustomField', priceId, name: 'rank', value: 2 },
      { action: 'setProductPriceCustomField', priceId, name: 'note' },
    );
    expect(price().custom?.fields).toEqual({ rank: 2 });
    expect(
      await refusal(
        updateProduct(client, product, {
          action: 'setProductPriceCustomField',
          priceId,
          name: 'rank',
          value: 'x',
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidField' });
    expect(
      await refusal(
        updateProduct(client, product, {
          action: 'setProductPriceCustomField',
          priceId: 'nope',
          name: 'rank',
          value: 1,
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    const types = (await messagesOf(product.id, 4)).map((m) => m.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'ProductPriceCustomFieldsSet',
        'ProductPriceCustomFieldAdded',
        'ProductPriceCustomFieldRemoved',
      ]),
    );
    product = await updateProduct(client, product, { action: 'setProductPriceCustomType', priceId });
    expect(price()).not.toHaveProperty('custom');
  });

  it('setDiscountedPrice refuses a product discount that does not exist and removes a discount', async () => {
    const client = await sdk();
    let product = await newProduct(client);
    const priceId = product.masterData.staged.masterVariant.prices![0].id;
    expect(
      await refusal(
        updateProduct(client, product, {
          action: 'setDiscountedPrice',
          priceId,
          discounted: { value: eur(800), discount: { typeId: 'product-discount', id: 'summer' } },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound', typeId: 'product-discount' });
    product = await updateProduct(client, product, { action: 'setDiscountedPrice', priceId });
    expect(product.masterData.staged.masterVariant.prices![0]).not.toHaveProperty('discounted');
    expect(
      await refusal(updateProduct(client, product, { action: 'setDiscountedPrice', priceId: 'nope' })),
    ).toMatchObject({ code: 'InvalidOperation' });
  });

  it('setDefaultVariant is refused: the Classic catalog model has no default variant', async () => {
    const client = await sdk();
    const product = await newProduct(client);
    expect(
      await refusal(
        updateProduct(client, product, {
          action: 'setDefaultVariant',
          variant: { typeId: 'variant', key: 'v' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });
});
