import type { Product } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import {
  categoryDraft,
  productDraft,
  productTypeDraft,
  stateDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { messagesOf, newProductType, ref, skus, update, updateError } from './catalog-helpers.js';

const image = (name: string, label?: string) => ({
  url: `https://img.test/${name}.jpg`,
  dimensions: { w: 10, h: 20 },
  ...(label ? { label } : {}),
});

const attributeType = () =>
  newProductType({
    attributes: [
      ...productTypeDraft().attributes,
      { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } },
      {
        name: 'code',
        label: { en: 'Code' },
        isRequired: false,
        attributeConstraint: 'Unique',
        type: { name: 'text' },
      },
    ],
  });

describe('Products in the catalog: categories, tax category, state, images, assets, attributes', () => {
  it('are created through the SDK with categories, order hints, tax category, state, SEO fields, images and assets', async () => {
    const client = await sdk();
    const [category, other] = [
      await api.create('categories', categoryDraft()),
      await api.create('categories', categoryDraft()),
    ];
    const taxCategory = await api.create('tax-categories', taxCategoryDraft());
    const state = await api.create('states', stateDraft({ initial: true }));
    const productType = await newProductType();
    const [sku] = skus(1);
    const draft = productDraft(productType.id, [], {
      categories: [ref(category, 'category'), { typeId: 'category', key: other.key }],
      categoryOrderHints: { [category.id]: '0.4' },
      taxCategory: { typeId: 'tax-category', key: taxCategory.key },
      state: ref(state, 'state'),
      metaTitle: { en: 'Title' },
      metaDescription: { en: 'Description' },
      metaKeywords: { en: 'shirt' },
      searchKeywords: { en: [{ text: 'cotton shirt' }] },
      masterVariant: {
        sku,
        images: [image('front', 'Front')],
        assets: [{ key: 'manual', name: { en: 'Manual' }, sources: [{ uri: 'https://x.test/manual.pdf' }] }],
      },
    });
    const { body: product, statusCode } = await client
      .products()
      .post({ body: draft as never })
      .execute();
    expect(statusCode).toBe(201);
    expect(product).toMatchObject({
      taxCategory: ref(taxCategory, 'tax-category'),
      state: ref(state, 'state'),
    });
    const data = {
      categories: [ref(category, 'category'), ref(other, 'category')],
      categoryOrderHints: { [category.id]: '0.4' },
      metaTitle: { en: 'Title' },
      metaDescription: { en: 'Description' },
      metaKeywords: { en: 'shirt' },
      searchKeywords: { en: [{ text: 'cotton shirt' }] },
      masterVariant: {
        sku,
        images: [image('front', 'Front')],
        assets: [{ id: expect.any(String), key: 'manual', name: { en: 'Manual' } }],
      },
    };
    expect(product.masterData).toMatchObject({ current: data, staged: data });
    const expanded = await client
      .products()
      .withId({ ID: product.id })
      .get({ queryArgs: { expand: ['masterData.current.categories[*]', 'taxCategory', 'state'] } })
      .execute();
    expect(expanded.body.masterData.current.categories.map((c) => c.obj?.key)).toEqual([
      category.key,
      other.key,
    ]);
    expect(expanded.body.taxCategory?.obj?.key).toBe(taxCategory.key);
    expect(expanded.body.state?.obj?.key).toBe(state.key);
  });

  it('refuse missing categories, tax categories and states, and a state of another type', async () => {
    const productType = await newProductType();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ categories: [{ typeId: 'category', id: 'nope' }] }, 'category'],
      [{ taxCategory: { typeId: 'tax-category', key: 'nope' } }, 'tax-category'],
      [{ state: { typeId: 'state', key: 'nope' } }, 'state'],
    ];
    for (const [overrides, typeId] of cases) {
      const response = await api.post('products', productDraft(productType.id, [], overrides));
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId });
    }
    const orderState = await api.create('states', stateDraft({ type: 'OrderState' }));
    const wrongType = await api.post(
      'products',
      productDraft(productType.id, [], { state: ref(orderState, 'state') }),
    );
    expect(wrongType.body.errors[0].code).toBe('InvalidOperation');
  });

  it('add to and remove from categories with order hints and Messages, staged or both', async () => {
    const category = await api.create('categories', categoryDraft());
    let product: Product = await api.create('products', productDraft((await newProductType()).id, skus(1)));
    product = await update('products', product, {
      action: 'addToCategory',
      category: { typeId: 'category', key: category.key },
      orderHint: '0.1',
    });
    expect(product.masterData).toMatchObject({
      hasStagedChanges: true,
      staged: { categories: [ref(category, 'category')], categoryOrderHints: { [category.id]: '0.1' } },
      current: { categories: [] },
    });
    product = await update('products', product, {
      action: 'setCategoryOrderHint',
      categoryId: category.id,
      orderHint: '0.7',
      staged: false,
    });
    expect(product.masterData.current.categoryOrderHints).toEqual({ [category.id]: '0.7' });
    const twice = await updateError('products', product, {
      action: 'addToCategory',
      category: ref(category, 'category'),
    });
    expect(twice.error.code).toBe('InvalidOperation');
    product = await update('products', product, {
      action: 'removeFromCategory',
      category: ref(category, 'category'),
      staged: false,
    });
    expect(product.masterData.staged.categories).toEqual([]);
    expect(product.masterData.staged.categoryOrderHints).toEqual({});
    const messages = await messagesOf(product.id, 3);
    expect(messages.map((m) => m.type)).toEqual([
      'ProductCreated',
      'ProductAddedToCategory',
      'ProductRemovedFromCategory',
    ]);
    expect(messages[1]).toMatchObject({ category: ref(category, 'category'), staged: true });
    expect(messages[2]).toMatchObject({ staged: false });
  });

  it('set attributes on one variant or all, checked against the product type', async () => {
    const productType = await attributeType();
    const [s1, s2] = skus(2);
    let product: Product = await api.create('products', productDraft(productType.id, [s1, s2]));
    product = await update(
      'products',
      product,
      { action: 'setAttribute', sku: s1, name: 'size', value: 'm' },
      { action: 'setAttributeInAllVariants', name: 'color', value: 'red', staged: false },
      { action: 'setAttribute', variantId: 2, name: 'code', value: 'A' },
    );
    const { staged, current } = product.masterData;
    expect(staged.masterVariant.attributes).toEqual([
      { name: 'size', value: { key: 'm', label: 'M' } },
      { name: 'color', value: 'red' },
    ]);
    expect(staged.variants[0].attributes).toEqual([
      { name: 'color', value: 'red' },
      { name: 'code', value: 'A' },
    ]);
    expect(current.masterVariant.attributes).toEqual([{ name: 'color', value: 'red' }]);
    product = await update('products', product, { action: 'setAttribute', sku: s1, name: 'size' });
    expect(product.masterData.staged.masterVariant.attributes).toEqual([{ name: 'color', value: 'red' }]);
    for (const [action, code] of [
      [{ action: 'setAttribute', sku: s1, name: 'size', value: 'xl' }, 'InvalidField'],
      [{ action: 'setAttribute', sku: s1, name: 'weight', value: 1 }, 'InvalidField'],
      [{ action: 'setAttribute', sku: s1, name: 'code', value: 'A' }, 'DuplicateField'],
      [{ action: 'setAttribute', sku: 'nope', name: 'size', value: 'm' }, 'InvalidOperation'],
    ] as const) {
      expect((await updateError('products', product, action)).error.code).toBe(code);
    }
  });

  it('add, label, move and remove images with ProductImageAdded', async () => {
    const [sku] = skus(1);
    let product: Product = await api.create('products', productDraft((await newProductType()).id, [sku]));
    product = await update(
      'products',
      product,
      { action: 'addExternalImage', sku, image: image('a') },
      { action: 'addExternalImage', variantId: 1, image: image('b') },
      { action: 'addExternalImage', sku, image: image('c'), staged: false },
      { action: 'moveImageToPosition', sku, imageUrl: image('c').url, position: 0 },
      { action: 'setImageLabel', sku, imageUrl: image('a').url, label: 'A' },
      { action: 'removeImage', sku, imageUrl: image('b').url },
    );
    expect(product.masterData.staged.masterVariant.images).toEqual([image('c'), image('a', 'A')]);
    expect(product.masterData.current.masterVariant.images).toEqual([image('c')]);
    const messages = await messagesOf(product.id, 4);
    expect(messages.filter((m) => m.type === 'ProductImageAdded')).toHaveLength(3);
    expect(messages[1]).toMatchObject({ variantId: 1, image: image('a'), staged: true });
    const missing = await updateError('products', product, {
      action: 'removeImage',
      sku,
      imageUrl: 'https://img.test/x',
    });
    expect(missing.error.code).toBe('InvalidOperation');
    const far = await updateError('products', product, {
      action: 'moveImageToPosition',
      sku,
      imageUrl: image('c').url,
      position: 5,
    });
    expect(far.error.code).toBe('InvalidOperation');
  });

  it('manage variant assets with one id in staged and current', async () => {
    const assetType = await api.create('types', typeDraft(['asset']));
    const [sku] = skus(1);
    let product: Product = await api.create('products', productDraft((await newProductType()).id, [sku]));
    product = await update(
      'products',
      product,
      {
        action: 'addAsset',
        sku,
        staged: false,
        asset: { key: 'spec', name: { en: 'Spec' }, sources: [{ uri: 'https://x.test/s' }] },
      },
      {
        action: 'setAssetCustomType',
        sku,
        assetKey: 'spec',
        type: { typeId: 'type', key: assetType.key },
        fields: { note: 'x' },
      },
      { action: 'changeAssetName', variantId: 1, assetKey: 'spec', name: { en: 'Specification' } },
      { action: 'setAssetTags', sku, assetKey: 'spec', tags: ['pdf'] },
    );
    const [staged] = product.masterData.staged.masterVariant.assets ?? [];
    const [current] = product.masterData.current.masterVariant.assets ?? [];
    expect(staged).toMatchObject({
      key: 'spec',
      name: { en: 'Specification' },
      tags: ['pdf'],
      custom: { type: ref(assetType, 'type'), fields: { note: 'x' } },
    });
    expect(current.id).toBe(staged.id);
    expect(current.name).toEqual({ en: 'Spec' });
    product = await update('products', product, {
      action: 'removeAsset',
      sku,
      assetId: staged.id,
      staged: false,
    });
    expect(product.masterData.staged.masterVariant.assets).toEqual([]);
    expect(product.masterData.current.masterVariant.assets).toEqual([]);
  });

  it('set SEO fields, search keywords and the tax category; revert staged changes', async () => {
    const taxCategory = await api.create('tax-categories', taxCategoryDraft());
    let product: Product = await api.create(
      'products',
      productDraft((await newProductType()).id, skus(1), { publish: true }),
    );
    product = await update(
      'products',
      product,
      { action: 'setMetaTitle', metaTitle: { en: 'T' } },
      { action: 'setMetaDescription', metaDescription: { en: 'D' }, staged: false },
      { action: 'setMetaKeywords', metaKeywords: { en: 'K' } },
      { action: 'setSearchKeywords', searchKeywords: { en: [{ text: 'red shirt' }] } },
      { action: 'setTaxCategory', taxCategory: { typeId: 'tax-category', id: taxCategory.id } },
      { action: 'changeName', name: { en: 'Draft name' } },
    );
    expect(product.taxCategory).toEqual(ref(taxCategory, 'tax-category'));
    expect(product.masterData).toMatchObject({
      hasStagedChanges: true,
      staged: {
        metaTitle: { en: 'T' },
        metaDescription: { en: 'D' },
        metaKeywords: { en: 'K' },
        searchKeywords: { en: [{ text: 'red shirt' }] },
        name: { en: 'Draft name' },
      },
      current: { metaDescription: { en: 'D' } },
    });
    const inUse = await api.delete(`tax-categories/${taxCategory.id}?version=${taxCategory.version}`);
    expect(inUse.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'product' });
    product = await update('products', product, { action: 'revertStagedChanges' });
    expect(product.masterData.hasStagedChanges).toBe(false);
    expect(product.masterData.staged).toEqual(product.masterData.current);
    expect(product.masterData.staged.name).toEqual({ en: 'Product' });
    const messages = await messagesOf(product.id, 2);
    expect(messages.at(-1)).toMatchObject({ type: 'ProductRevertedStagedChanges', removedImageUrls: [] });
    product = await update('products', product, { action: 'setTaxCategory' });
    expect(product).not.toHaveProperty('taxCategory');
  });

  it('transition between states as their transitions allow, or by force, with ProductStateTransition', async () => {
    const done = await api.create('states', stateDraft({ transitions: [] }));
    const review = await api.create(
      'states',
      stateDraft({ initial: true, transitions: [ref(done, 'state')] }),
    );
    const side = await api.create('states', stateDraft());
    let product: Product = await api.create('products', productDraft((await newProductType()).id, skus(1)));
    const notInitial = await updateError('products', product, {
      action: 'transitionState',
      state: ref(done, 'state'),
    });
    expect(notInitial.error.code).toBe('InvalidOperation');
    product = await update('products', product, {
      action: 'transitionState',
      state: { typeId: 'state', key: review.key },
    });
    expect(product.state).toEqual(ref(review, 'state'));
    const notAllowed = await updateError('products', product, {
      action: 'transitionState',
      state: ref(side, 'state'),
    });
    expect(notAllowed.error.code).toBe('InvalidOperation');
    product = await update('products', product, { action: 'transitionState', state: ref(done, 'state') });
    product = await update('products', product, {
      action: 'transitionState',
      state: ref(side, 'state'),
      force: true,
    });
    expect(product.state).toEqual(ref(side, 'state'));
    const messages = (await messagesOf(product.id, 4)).filter((m) => m.type === 'ProductStateTransition');
    expect(messages.map((m) => [(m.state as { id: string }).id, m.force])).toEqual([
      [review.id, false],
      [done.id, false],
      [side.id, true],
    ]);
    const inUse = await api.delete(`states/${side.id}?version=${side.version}`);
    expect(inUse.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'product' });
  });

  it('revert one variant to its current data', async () => {
    const [s1, s2] = skus(2);
    let product: Product = await api.create('products', productDraft((await newProductType()).id, [s1, s2]));
    product = await update(
      'products',
      product,
      { action: 'addExternalImage', sku: s2, image: image(uniqueKey('img')) },
      { action: 'addExternalImage', sku: s1, image: image('kept') },
    );
    product = await update('products', product, { action: 'revertStagedVariantChanges', variantId: 2 });
    expect(product.masterData.staged.variants[0].images).toEqual([]);
    expect(product.masterData.staged.masterVariant.images).toEqual([image('kept')]);
    expect(product.masterData.hasStagedChanges).toBe(true);
  });
});
