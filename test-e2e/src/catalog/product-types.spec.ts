import { api } from '../support/api.js';
import { productDraft, productTypeDraft, uniqueKey } from '../support/factories.js';
import { newProductType, update } from './catalog-helpers.js';

describe('Product types', () => {
  it('fill in the attribute defaults and refuse invalid attribute definitions', async () => {
    const productType = await newProductType();
    expect(productType.attributes).toEqual([
      {
        name: 'size',
        label: { en: 'Size' },
        isRequired: false,
        type: {
          name: 'enum',
          values: [
            { key: 'm', label: 'M' },
            { key: 'l', label: 'L' },
          ],
        },
        level: 'Variant',
        attributeConstraint: 'None',
        inputHint: 'SingleLine',
        isSearchable: true,
      },
    ]);
    for (const attributes of [
      [{ name: 'x', label: { en: 'X' }, isRequired: false, type: { name: 'text' } }],
      [{ name: 'ok', label: { en: 'X' }, isRequired: false, type: { name: 'String' } }],
      [{ name: 'ok', label: { en: 'X' }, type: { name: 'text' } }],
    ]) {
      const response = await api.post('product-types', productTypeDraft({ attributes }));
      expect(response.body.errors[0].code).toBe('InvalidJsonInput');
    }
  });

  it('changeName, changeDescription and setKey (absent removes it)', async () => {
    let productType = await newProductType();
    productType = await update(
      'product-types',
      productType,
      { action: 'changeName', name: 'Trousers' },
      { action: 'changeDescription', description: 'Long ones' },
      { action: 'setKey' },
    );
    expect(productType).toMatchObject({ name: 'Trousers', description: 'Long ones', version: 2 });
    expect(productType.key).toBeUndefined();
    const key = uniqueKey('pt');
    productType = await update('product-types', productType, { action: 'setKey', key });
    expect((await api.get(`product-types/key=${key}`)).body.id).toBe(productType.id);
  });

  it('can not be deleted while a product uses it (ReferenceExists)', async () => {
    const productType = await newProductType();
    const product = await api.create('products', productDraft(productType.id));
    const refused = await api.delete(`product-types/${productType.id}?version=1`);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'product' });
    await api.delete(`products/${product.id}?version=1`);
    expect((await api.delete(`product-types/${productType.id}?version=1`)).status).toBe(200);
  });
});
