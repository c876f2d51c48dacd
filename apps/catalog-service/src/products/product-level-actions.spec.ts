import type { Product, ProductType } from '@commerce/contracts';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { variantOf } from './product-data.js';
import { productLevelActions, withProductAttribute } from './product-level-actions.js';

const definition = (name: string, level: 'Product' | 'Variant', extra: object = {}) => ({
  name,
  label: { en: name },
  isRequired: false,
  type: { name: 'text' },
  level,
  attributeConstraint: 'None',
  inputHint: 'SingleLine',
  isSearchable: true,
  ...extra,
});

const productType = {
  ...base,
  id: 'pt1',
  name: 'Shirt',
  description: 'Shirts',
  attributes: [
    definition('brand', 'Product'),
    definition('origin', 'Product', { isRequired: true }),
    definition('size', 'Variant'),
  ],
} as ProductType;

describe(withProductAttribute.name, () => {
  it('sets, replaces in place and removes a Product-level attribute', () => {
    const set = withProductAttribute(productType, [{ name: 'origin', value: 'DE' }], 'brand', 'Acme');
    expect(set).toEqual([
      { name: 'origin', value: 'DE' },
      { name: 'brand', value: 'Acme' },
    ]);
    expect(withProductAttribute(productType, set, 'origin', 'FR')[0]).toEqual({
      name: 'origin',
      value: 'FR',
    });
    expect(withProductAttribute(productType, set, 'brand', null)).toEqual([{ name: 'origin', value: 'DE' }]);
  });

  it.each([
    ['size', 'm', 'InvalidOperation'],
    ['nope', 'x', 'InvalidField'],
    ['brand', 3, 'InvalidField'],
    ['origin', undefined, 'RequiredField'],
  ])('refuses %s = %j with %s', async (name, value, code) => {
    expect(
      await errorOf(Promise.resolve().then(() => withProductAttribute(productType, [], name, value))),
    ).toMatchObject({ code });
  });
});

describe('setPriceMode and setDefaultVariant', () => {
  const data = {
    name: { en: 'P' },
    slug: { en: 'p' },
    categories: [],
    searchKeywords: {},
    attributes: [],
    masterVariant: variantOf(1, {}),
    variants: [],
  };
  const product = {
    ...base,
    id: 'p1',
    productType: { typeId: 'product-type', id: 'pt1' },
    masterData: { published: false, current: data, staged: data, hasStagedChanges: false },
  } as Product;

  it('sets the price mode with ProductPriceModeSet, and removes it without one', async () => {
    const set = await applyActions(productLevelActions, product, [
      { action: 'setPriceMode', priceMode: 'Standalone' },
    ]);
    expect(set.resource.priceMode).toBe('Standalone');
    expect(set.messages).toEqual([{ type: 'ProductPriceModeSet', to: 'Standalone' }]);
    const removed = await applyActions(productLevelActions, set.resource, [{ action: 'setPriceMode' }]);
    expect(removed.resource).not.toHaveProperty('priceMode');
  });

  it('refuses setDefaultVariant in the Classic model', async () => {
    expect(
      await errorOf(applyActions(productLevelActions, product, [{ action: 'setDefaultVariant' }])),
    ).toMatchObject({ code: 'InvalidOperation' });
  });
});
