import type { Product, ProductData } from '@commerce/contracts';
import { base } from '../../test/apply-actions.js';
import { variantOf } from './product-data.js';
import { importPrices } from './product-price-import.js';
import { typedMoneyOf } from './product-prices.js';

const data: ProductData = {
  name: { en: 'Shirt' },
  categories: [],
  slug: { en: 'shirt' },
  masterVariant: variantOf(1, { sku: 's1' }),
  variants: [variantOf(2, { sku: 's2' })],
  searchKeywords: {},
  attributes: [],
};
const product: Product = {
  id: 'p1',
  ...base,
  productType: { typeId: 'product-type', id: 'pt1' },
  masterData: { published: true, current: data, staged: data, hasStagedChanges: false },
};
const price = (id: string, key: string, centAmount = 100, country?: string) => ({
  id,
  key,
  value: typedMoneyOf({ currencyCode: 'EUR', centAmount }),
  ...(country ? { country } : {}),
});

describe(importPrices.name, () => {
  it('writes staged data only by default and both with staged false', () => {
    const next = importPrices(product, [
      { variantId: 1, price: price('a', 'k1') },
      { variantId: 2, price: price('b', 'k2'), staged: false },
    ]);
    expect(next.masterData.staged.masterVariant.prices).toEqual([price('a', 'k1')]);
    expect(next.masterData.current.masterVariant.prices).toEqual([]);
    expect(next.masterData.staged.variants[0].prices).toEqual([price('b', 'k2')]);
    expect(next.masterData.current.variants[0].prices).toEqual([price('b', 'k2')]);
    expect(next.masterData.hasStagedChanges).toBe(true);
  });

  it('updates the price of the same key keeping its id, and changes nothing when written again', () => {
    const once = importPrices(product, [{ variantId: 1, price: price('a', 'k1'), staged: false }]);
    const updated = importPrices(once, [{ variantId: 1, price: price('other', 'k1', 250), staged: false }]);
    expect(updated.masterData.current.masterVariant.prices).toEqual([price('a', 'k1', 250)]);
    expect(updated.masterData.hasStagedChanges).toBe(false);
    expect(importPrices(updated, [{ variantId: 1, price: price('a', 'k1', 250), staged: false }])).toEqual(
      updated,
    );
  });

  it('refuses a second price of the same scope', () => {
    const once = importPrices(product, [{ variantId: 1, price: price('a', 'k1') }]);
    expect(() => importPrices(once, [{ variantId: 1, price: price('b', 'k2') }])).toThrow(
      expect.objectContaining({ code: 'DuplicatePriceScope' }),
    );
    expect(
      importPrices(once, [{ variantId: 1, price: price('b', 'k2', 100, 'DE') }]).masterData.staged
        .masterVariant.prices,
    ).toHaveLength(2);
  });
});
