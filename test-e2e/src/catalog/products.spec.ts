import type { Product, ProductData } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { productDraft, uniqueKey } from '../support/factories.js';
import {
  messagesOf,
  newProduct,
  newProductType,
  newSelection,
  ref,
  skus,
  update,
  updateError,
} from './catalog-helpers.js';

const variantSkus = (data: ProductData) => [data.masterVariant, ...data.variants].map((v) => v.sku);

describe('Products', () => {
  it('are created with current and staged data, variants numbered from 1, and a ProductCreated Message', async () => {
    const productType = await newProductType();
    const [s1, s2] = skus(2);
    const variantKey = uniqueKey('variant');
    const draft = productDraft(productType.id, [s1, s2], {
      description: { en: 'Cotton' },
      masterVariant: { sku: s1, key: variantKey, attributes: [{ name: 'size', value: 'm' }] },
    });
    const product = await api.create('products', draft);
    const data = {
      name: draft.name,
      description: { en: 'Cotton' },
      slug: draft.slug,
      categories: [],
      searchKeywords: {},
      attributes: [],
      masterVariant: {
        id: 1,
        sku: s1,
        key: variantKey,
        prices: [],
        images: [],
        assets: [],
        // An enum value given by its key is stored as the type's {key, label}, as the live API does.
        attributes: [{ name: 'size', value: { key: 'm', label: 'M' } }],
      },
      variants: [{ id: 2, sku: s2, prices: [], images: [], assets: [], attributes: [] }],
    };
    expect(product).toMatchObject({
      version: 1,
      key: draft.key,
      productType: ref(productType, 'product-type'),
      masterData: { published: false, hasStagedChanges: false, current: data, staged: data },
    });
    const [created] = await messagesOf(product.id);
    expect(created).toMatchObject({
      type: 'ProductCreated',
      sequenceNumber: 1,
      resourceVersion: 1,
      resource: ref(product, 'product'),
      resourceUserProvidedIdentifiers: { key: draft.key, slug: draft.slug },
      productProjection: {
        id: product.id,
        version: 1,
        key: draft.key,
        productType: ref(productType, 'product-type'),
        ...data,
      },
    });
  });

  it('refuse a SKU or a slug (per locale) another product holds, and a missing product type', async () => {
    const productType = await newProductType();
    const [sku] = skus(1);
    const first = await api.create(
      'products',
      productDraft(productType.id, [sku], { slug: { en: uniqueKey('shared') } }),
    );
    const sameSku = await api.post('products', productDraft(productType.id, [uniqueKey('sku'), sku]));
    expect(sameSku.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'sku',
      duplicateValue: sku,
    });
    const sameSlug = await api.post(
      'products',
      productDraft(productType.id, [], { slug: first.masterData.staged.slug }),
    );
    expect(sameSlug.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'slug.en' });
    const otherLocale = await api.post(
      'products',
      productDraft(productType.id, [], { slug: { de: first.masterData.staged.slug.en } }),
    );
    expect(otherLocale.status).toBe(201);
    const twice = await api.post(
      'products',
      productDraft(
        productType.id,
        [uniqueKey('sku')].flatMap((s) => [s, s]),
      ),
    );
    expect(twice.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'sku' });
    const missingType = await api.post('products', productDraft(uniqueKey('no-type')));
    expect(missingType.body.errors[0]).toMatchObject({
      code: 'ReferencedResourceNotFound',
      typeId: 'product-type',
    });
    const badAttribute = await api.post(
      'products',
      productDraft(productType.id, [], { masterVariant: { attributes: [{ name: 'size', value: 'xxl' }] } }),
    );
    expect(badAttribute.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'size' });
  });

  it('change staged data by default and both with staged false, keeping hasStagedChanges; publish and unpublish', async () => {
    let product = await newProduct([], { publish: false });
    product = await update('products', product, { action: 'changeName', name: { en: 'Staged' } });
    expect(product.masterData).toMatchObject({
      staged: { name: { en: 'Staged' } },
      current: { name: { en: 'Product' } },
      hasStagedChanges: true,
    });
    product = await update('products', product, {
      action: 'setDescription',
      description: { en: 'Both' },
      staged: false,
    });
    expect(product.masterData.current.description).toEqual({ en: 'Both' });
    expect(product.masterData.hasStagedChanges).toBe(true);
    product = await update('products', product, { action: 'publish' });
    expect(product.masterData).toMatchObject({
      published: true,
      hasStagedChanges: false,
      current: { name: { en: 'Staged' } },
    });
    const published = (await messagesOf(product.id, 2))[1];
    expect(published).toMatchObject({
      type: 'ProductPublished',
      scope: 'All',
      removedImageUrls: [],
      resourceVersion: product.version,
      productProjection: {
        id: product.id,
        version: product.version,
        name: { en: 'Staged' },
        published: true,
      },
    });
    product = await update('products', product, { action: 'unpublish' });
    expect(product.masterData.published).toBe(false);
    expect((await messagesOf(product.id, 3))[2].type).toBe('ProductUnpublished');
  });

  it('changeSlug (ProductSlugChanged), setKey and setDescription', async () => {
    let product = await newProduct();
    const oldSlug = product.masterData.staged.slug;
    const slug = { en: uniqueKey('new-slug') };
    const key = uniqueKey('product');
    product = await update(
      'products',
      product,
      { action: 'changeSlug', slug },
      { action: 'setKey', key },
      { action: 'setDescription', description: { en: 'x' } },
    );
    expect(product).toMatchObject({
      key,
      masterData: { staged: { slug, description: { en: 'x' } }, current: { slug: oldSlug } },
    });
    expect((await messagesOf(product.id, 2))[1]).toMatchObject({ type: 'ProductSlugChanged', slug, oldSlug });
    product = await update('products', product, { action: 'setDescription' }, { action: 'setKey' });
    expect(product.key).toBeUndefined();
    expect(product.masterData.staged.description).toBeUndefined();
    const other = await newProduct();
    expect((await updateError('products', other, { action: 'changeSlug', slug })).error).toMatchObject({
      code: 'DuplicateField',
      field: 'slug.en',
    });
  });

  it('addVariant, setSku, setProductVariantKey, changeMasterVariant and removeVariant', async () => {
    const [s1, s2, s3] = skus(3);
    let product = await newProduct([s1]);
    product = await update('products', product, {
      action: 'addVariant',
      sku: s2,
      attributes: [{ name: 'size', value: 'l' }],
      staged: false,
    });
    const added = product.masterData.current.variants[0];
    expect(added).toMatchObject({
      id: 2,
      sku: s2,
      attributes: [{ name: 'size', value: { key: 'l', label: 'L' } }],
    });
    expect((await messagesOf(product.id, 2))[1]).toMatchObject({
      type: 'ProductVariantAdded',
      variant: added,
      staged: false,
    });
    const key = uniqueKey('variant');
    product = await update(
      'products',
      product,
      { action: 'setSku', variantId: 2, sku: s3 },
      { action: 'setProductVariantKey', sku: s3, key },
      { action: 'changeMasterVariant', variantId: 2 },
    );
    expect(product.masterData.staged.masterVariant).toMatchObject({ id: 2, sku: s3, key });
    expect(variantSkus(product.masterData.current)).toEqual([s1, s2]);
    expect(product.masterData.hasStagedChanges).toBe(true);
    expect((await updateError('products', product, { action: 'removeVariant', id: 2 })).error.code).toBe(
      'InvalidOperation',
    );
    product = await update('products', product, { action: 'removeVariant', sku: s1 });
    expect(variantSkus(product.masterData.staged)).toEqual([s3]);
    expect((await messagesOf(product.id, 3))[2]).toMatchObject({
      type: 'ProductVariantDeleted',
      variant: { id: 1, sku: s1 },
      staged: true,
    });
    const other = await newProduct();
    expect(
      (await updateError('products', other, { action: 'setSku', variantId: 1, sku: s3 })).error,
    ).toMatchObject({
      code: 'DuplicateField',
      field: 'sku',
      duplicateValue: s3,
    });
    expect(
      (await updateError('products', other, { action: 'setSku', variantId: 9, sku: uniqueKey('sku') })).error
        .code,
    ).toBe('InvalidOperation');
  });

  it('are found by the SKU of their variants', async () => {
    const [s1, s2] = skus(2);
    const product = await newProduct([s1, s2]);
    const where = encodeURIComponent(`masterData(current(variants(sku = "${s2}")))`);
    expect((await api.get(`products?where=${where}`)).body.results.map((p: Product) => p.id)).toEqual([
      product.id,
    ]);
  });

  it('leave their product selections when deleted (ProductDeleted, ProductSelectionProductRemoved)', async () => {
    const product = await newProduct(skus(1));
    let selection = await newSelection();
    selection = await update('product-selections', selection, {
      action: 'addProduct',
      product: { id: product.id },
    });
    expect(selection.productCount).toBe(1);
    const deleted = await api.delete(`products/${product.id}?version=${product.version}`);
    expect(deleted.status).toBe(200);
    expect((await messagesOf(product.id, 2))[1]).toMatchObject({
      type: 'ProductDeleted',
      resourceVersion: 2,
      removedImageUrls: [],
      currentProjection: { id: product.id, name: product.masterData.current.name },
    });
    const after = (await api.get(`product-selections/${selection.id}`)).body;
    expect(after).toMatchObject({ productCount: 0, version: selection.version + 1 });
    expect((await messagesOf(selection.id, 3))[2]).toMatchObject({
      type: 'ProductSelectionProductRemoved',
      product: ref(product, 'product'),
      resourceVersion: selection.version + 1,
    });
    expect((await api.get(`product-selections/${selection.id}/products`)).body).toMatchObject({
      count: 0,
      total: 0,
    });
  });
});
