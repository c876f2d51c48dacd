import { api } from '../support/api.js';
import { newCustomerGroup, newProduct, skus, update, updateError } from './catalog-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

describe('Product price update actions', () => {
  it("keeps the prices of a draft's variants, checked like addPrice's", async () => {
    const [s1, s2] = skus(2);
    const group = await newCustomerGroup();
    const product = await newProduct([s1, s2], {
      masterVariant: {
        sku: s1,
        prices: [
          { value: eur(1000), country: 'DE' },
          { value: eur(900), customerGroup: { typeId: 'customer-group', key: group.key } },
        ],
      },
      variants: [{ sku: s2, prices: [{ key: 'p2', value: eur(500) }] }],
    });
    for (const data of [product.masterData.staged, product.masterData.current]) {
      expect(data.masterVariant.prices).toEqual([
        { id: expect.any(String), value: expect.objectContaining({ centAmount: 1000 }), country: 'DE' },
        {
          id: expect.any(String),
          value: expect.objectContaining({ centAmount: 900 }),
          customerGroup: { typeId: 'customer-group', id: group.id },
        },
      ]);
      expect(data.variants[0].prices).toEqual([
        { id: expect.any(String), key: 'p2', value: expect.objectContaining({ centAmount: 500 }) },
      ]);
    }
    const duplicate = await api.post('products', {
      productType: product.productType,
      name: { en: 'x' },
      slug: { en: `slug-${s1}-dup` },
      masterVariant: { prices: [{ value: eur(1) }, { value: eur(2) }] },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0].code).toBe('DuplicatePriceScope');
  });

  it('add, change, key, set and remove embedded prices, staged by default and in both with staged false', async () => {
    const [sku] = skus(1);
    const group = await newCustomerGroup();
    let product = await newProduct([sku]);
    product = await update('products', product, {
      action: 'addPrice',
      sku,
      price: { key: 'base', value: eur(1000), customerGroup: { typeId: 'customer-group', key: group.key } },
    });
    const [added] = product.masterData.staged.masterVariant.prices!;
    expect(added).toMatchObject({
      id: expect.any(String),
      key: 'base',
      value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 },
      customerGroup: { typeId: 'customer-group', id: group.id },
    });
    expect(product.masterData.current.masterVariant.prices).toEqual([]);

    product = await update('products', product, {
      action: 'changePrice',
      priceId: added.id,
      price: { value: eur(900), tiers: [{ minimumQuantity: 3, value: eur(800) }] },
      staged: false,
    });
    for (const data of [product.masterData.staged, product.masterData.current]) {
      expect(data.masterVariant.prices).toEqual([
        expect.objectContaining({ id: added.id, value: expect.objectContaining({ centAmount: 900 }) }),
      ]);
    }
    product = await update('products', product, { action: 'setPriceKey', priceId: added.id, key: 'renamed' });
    expect(product.masterData.staged.masterVariant.prices![0].key).toBe('renamed');

    const conflict = await updateError('products', product, {
      action: 'addPrice',
      variantId: 1,
      price: { value: eur(1) },
    });
    expect(conflict).toMatchObject({ status: 400, error: { code: 'DuplicatePriceScope' } });

    product = await update('products', product, {
      action: 'setPrices',
      variantId: 1,
      prices: [{ value: eur(1) }, { value: eur(2), country: 'DE' }],
    });
    expect(product.masterData.staged.masterVariant.prices).toHaveLength(2);
    const removed = product.masterData.staged.masterVariant.prices![1].id;
    product = await update('products', product, { action: 'removePrice', priceId: removed });
    expect(product.masterData.staged.masterVariant.prices).toHaveLength(1);
    const missing = await updateError('products', product, { action: 'removePrice', priceId: 'nope' });
    expect(missing).toMatchObject({ status: 400, error: { code: 'InvalidOperation' } });
    const badCountry = await api.post(`products/${product.id}`, {
      version: product.version,
      actions: [{ action: 'addPrice', variantId: 1, price: { value: eur(3), country: 'de' } }],
    });
    expect(badCountry.status).toBe(400);
  });
});
