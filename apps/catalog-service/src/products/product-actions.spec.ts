import type { Product, ProductData, ProductType } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { ReferenceResolver } from '@commerce/resources';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { productDataActions } from './product-data-actions.js';
import { variantOf } from './product-data.js';
import { identifiersOf } from './product-identifiers.js';
import { productVariantActions } from './product-variant-actions.js';

const actions = { ...productDataActions, ...productVariantActions({} as ReferenceResolver) };
const data: ProductData = {
  name: { en: 'Shirt' },
  categories: [],
  slug: { en: 'shirt', de: 'hemd' },
  masterVariant: variantOf(1, { sku: 's1' }),
  variants: [variantOf(2, { sku: 's2', key: 'v2' }), variantOf(3, {})],
  searchKeywords: {},
  attributes: [],
};
const product: Product = {
  id: 'p1',
  ...base,
  productType: { typeId: 'product-type', id: 'pt1' },
  masterData: { published: false, current: data, staged: data, hasStagedChanges: false },
};
const productType: ProductType = {
  id: 'pt1',
  ...base,
  name: 'Shirt',
  description: '',
  attributes: [
    {
      name: 'size',
      label: { en: 'Size' },
      isRequired: true,
      type: { name: 'enum', values: [{ key: 'm', label: 'M' }] },
      level: 'Variant',
      attributeConstraint: 'None',
      inputHint: 'SingleLine',
      isSearchable: true,
    },
  ],
};
// A read by id selects the document as text (DocumentTable.findById).
const productTypes: Queryable = {
  query: async <T>(sql: string) =>
    [{ doc: sql.includes('doc::text') ? JSON.stringify(productType) : productType }] as T,
};
const apply = (raw: object[], from: Product = product) => applyActions(actions, from, raw, productTypes);
const skus = (d: ProductData) => [d.masterVariant, ...d.variants].map((v) => v.sku ?? null);

describe('Product update actions', () => {
  it('changes only the staged data by default, and both with staged false', async () => {
    const { resource: staged } = await apply([{ action: 'changeName', name: { en: 'New' } }]);
    expect(staged.masterData).toMatchObject({
      staged: { name: { en: 'New' } },
      current: { name: { en: 'Shirt' } },
      hasStagedChanges: true,
    });
    const { resource: both } = await apply([{ action: 'changeName', name: { en: 'New' }, staged: false }]);
    expect(both.masterData).toMatchObject({
      staged: { name: { en: 'New' } },
      current: { name: { en: 'New' } },
      hasStagedChanges: false,
    });
  });

  it('publishes the staged data with a ProductPublished message, and unpublishes', async () => {
    const { resource, messages } = await apply([
      { action: 'setDescription', description: { en: 'Cotton' } },
      { action: 'publish' },
    ]);
    expect(resource.masterData).toMatchObject({
      published: true,
      hasStagedChanges: false,
      current: { description: { en: 'Cotton' } },
    });
    expect(messages).toEqual([
      {
        type: 'ProductPublished',
        removedImageUrls: [],
        scope: 'All',
        productProjection: expect.objectContaining({
          id: 'p1',
          version: 2,
          description: { en: 'Cotton' },
          published: true,
        }),
      },
    ]);
    const unpublished = await apply([{ action: 'unpublish' }], resource);
    expect(unpublished.resource.masterData.published).toBe(false);
    expect(unpublished.messages).toEqual([{ type: 'ProductUnpublished' }]);
  });

  it('changes the slug with ProductSlugChanged, sets and removes key and description', async () => {
    const { resource, messages } = await apply([
      { action: 'changeSlug', slug: { en: 'shirt-2' } },
      { action: 'setKey', key: 'shirt' },
      { action: 'setDescription', description: { en: 'x' } },
      { action: 'setDescription' },
    ]);
    expect(resource.key).toBe('shirt');
    expect(resource.masterData.staged.slug).toEqual({ en: 'shirt-2' });
    expect(resource.masterData.staged).not.toHaveProperty('description');
    expect(messages).toEqual([{ type: 'ProductSlugChanged', slug: { en: 'shirt-2' }, oldSlug: data.slug }]);
  });

  it('adds a variant with the next id and checks its attributes against the product type', async () => {
    const { resource, messages } = await apply([
      {
        action: 'addVariant',
        sku: 's4',
        key: 'v4',
        attributes: [{ name: 'size', value: 'm' }],
        staged: false,
      },
    ]);
    const added = resource.masterData.current.variants.at(-1)!;
    expect(added).toMatchObject({
      id: 4,
      sku: 's4',
      key: 'v4',
      prices: [],
      attributes: [{ name: 'size', value: { key: 'm', label: 'M' } }],
    });
    expect(resource.masterData.staged.variants.at(-1)).toEqual(added);
    expect(messages).toEqual([{ type: 'ProductVariantAdded', variant: added, staged: false }]);
    for (const attributes of [[], [{ name: 'size', value: 'xl' }], [{ name: 'color', value: 'red' }]]) {
      expect(await errorOf(apply([{ action: 'addVariant', sku: 's5', attributes }]))).toMatchObject({
        code: expect.stringMatching(/^(RequiredField|InvalidField)$/),
      });
    }
  });

  it('removes a variant by id or SKU, never the master, never a missing one', async () => {
    const { resource, messages } = await apply([{ action: 'removeVariant', sku: 's2' }]);
    expect(skus(resource.masterData.staged)).toEqual(['s1', null]);
    expect(skus(resource.masterData.current)).toEqual(['s1', 's2', null]);
    expect(messages[0]).toMatchObject({ type: 'ProductVariantDeleted', variant: { id: 2 }, staged: true });
    expect(await errorOf(apply([{ action: 'removeVariant', id: 1 }]))).toMatchObject({
      code: 'InvalidOperation',
    });
    expect(await errorOf(apply([{ action: 'removeVariant', id: 9 }]))).toMatchObject({
      code: 'InvalidOperation',
    });
  });

  it('sets and removes SKUs and variant keys; a SKU twice in one product is DuplicateField', async () => {
    const { resource } = await apply([
      { action: 'setSku', variantId: 3, sku: 's3' },
      { action: 'setSku', variantId: 1 },
      { action: 'setProductVariantKey', sku: 's3', key: 'v3' },
    ]);
    expect(skus(resource.masterData.staged)).toEqual([null, 's2', 's3']);
    expect(resource.masterData.staged.variants[1].key).toBe('v3');
    expect(await errorOf(apply([{ action: 'setSku', variantId: 3, sku: 's2' }]))).toMatchObject({
      code: 'DuplicateField',
      field: 'sku',
      duplicateValue: 's2',
    });
  });

  it('makes another variant the master', async () => {
    const { resource } = await apply([{ action: 'changeMasterVariant', variantId: 2 }]);
    expect(resource.masterData.staged.masterVariant.id).toBe(2);
    expect(resource.masterData.staged.variants.map((v) => v.id)).toEqual([1, 3]);
  });
});

describe(identifiersOf.name, () => {
  it('lists every SKU and localized slug of current and staged data once', () => {
    const changed: Product = {
      ...product,
      masterData: { ...product.masterData, staged: { ...data, slug: { en: 'shirt-new' } } },
    };
    expect(identifiersOf(changed)).toEqual([
      { kind: 'slug.en', value: 'shirt' },
      { kind: 'slug.de', value: 'hemd' },
      { kind: 'sku', value: 's1' },
      { kind: 'sku', value: 's2' },
      { kind: 'slug.en', value: 'shirt-new' },
    ]);
  });
});
