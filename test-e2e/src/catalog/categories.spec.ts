import type { Category, Product } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { categoryDraft, productDraft, productTypeDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { messagesOf, ref, update, updateError } from './catalog-helpers.js';

type Client = Awaited<ReturnType<typeof sdk>>;

const newCategory = (overrides: Record<string, unknown> = {}) =>
  api.create<Category>('categories', categoryDraft(overrides));
const get = async (category: { id: string }) => (await api.get<Category>(`categories/${category.id}`)).body;

describe('Categories', () => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });

  it('are created with their fields, ancestors from the root, an order hint and a CategoryCreated Message', async () => {
    const root = await newCategory();
    const draft = categoryDraft({
      description: { en: 'Shirts' },
      parent: { typeId: 'category', key: root.key },
      orderHint: '0.3',
      externalId: 'erp-1',
      metaTitle: { en: 'T' },
      metaDescription: { en: 'D' },
      metaKeywords: { en: 'K' },
      assets: [{ key: 'photo', name: { en: 'Photo' }, sources: [{ uri: 'https://x.test/a.jpg' }] }],
    });
    const { body: child, statusCode } = await client.categories().post({ body: draft }).execute();
    expect(statusCode).toBe(201);
    expect(child).toMatchObject({
      ...draft,
      parent: ref(root, 'category'),
      ancestors: [ref(root, 'category')],
      assets: [{ id: expect.any(String), key: 'photo', name: { en: 'Photo' } }],
    });
    expect(root.ancestors).toEqual([]);
    expect(root.orderHint).toMatch(/^0\.\d+$/);
    const [created] = await messagesOf(child.id);
    expect(created).toMatchObject({
      type: 'CategoryCreated',
      resource: ref(child, 'category'),
      resourceUserProvidedIdentifiers: { key: draft.key, externalId: 'erp-1', slug: draft.slug },
      category: { id: child.id, slug: draft.slug },
    });
  });

  it('refuse a slug another category holds in the same locale, a missing parent and a bad order hint', async () => {
    const first = await newCategory();
    const duplicate = await api.post('categories', categoryDraft({ slug: first.slug }));
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'slug.en',
      duplicateValue: first.slug.en,
    });
    expect((await api.post('categories', categoryDraft({ slug: { de: first.slug.en } }))).status).toBe(201);
    const changed = await updateError('categories', await newCategory(), {
      action: 'changeSlug',
      slug: first.slug,
    });
    expect(changed.error).toMatchObject({ code: 'DuplicateField', field: 'slug.en' });
    const orphan = await api.post(
      'categories',
      categoryDraft({ parent: { typeId: 'category', id: 'nope' } }),
    );
    expect(orphan.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'category' });
    const hint = await api.post('categories', categoryDraft({ orderHint: '2' }));
    expect(hint.body.errors[0].code).toBe('InvalidJsonInput');
  });

  it('moving a category updates the ancestors of its whole subtree; a cycle is refused', async () => {
    const [a, b] = [await newCategory(), await newCategory()];
    const child = await newCategory({ parent: ref(a, 'category') });
    const grandchild = await newCategory({ parent: ref(child, 'category') });
    expect(grandchild.ancestors).toEqual([ref(a, 'category'), ref(child, 'category')]);
    const moved = await update('categories', child, { action: 'changeParent', parent: ref(b, 'category') });
    expect(moved).toMatchObject({ parent: ref(b, 'category'), ancestors: [ref(b, 'category')] });
    const below = await get(grandchild);
    expect(below.ancestors).toEqual([ref(b, 'category'), ref(child, 'category')]);
    expect(below.version).toBe(grandchild.version + 1);
    const negative = await updateError('categories', { id: b.id, version: -1 }, { action: 'setKey' });
    expect(negative).toMatchObject({
      status: 409,
      error: { code: 'ConcurrentModification', currentVersion: 1 },
    });
    const cycle = await updateError('categories', await get(b), {
      action: 'changeParent',
      parent: ref(grandchild, 'category'),
    });
    expect(cycle.error.code).toBe('InvalidOperation');
  });

  it('expands parent and ancestors[*]', async () => {
    const root = await newCategory();
    const child = await newCategory({ parent: ref(root, 'category') });
    const leaf = await newCategory({ parent: ref(child, 'category') });
    const { body } = await client
      .categories()
      .withId({ ID: leaf.id })
      .get({ queryArgs: { expand: ['parent', 'ancestors[*]'] } })
      .execute();
    expect(body.parent?.obj?.key).toBe(child.key);
    expect(body.ancestors.map((a) => a.obj?.key)).toEqual([root.key, child.key]);
  });

  it('applies every field action, with CategorySlugChanged', async () => {
    const category = await newCategory();
    const slug = { en: uniqueKey('moved') };
    const key = uniqueKey('renamed');
    const changed = await update(
      'categories',
      category,
      { action: 'changeName', name: { en: 'New' } },
      { action: 'changeSlug', slug },
      { action: 'changeOrderHint', orderHint: '0.9' },
      { action: 'setDescription', description: { en: 'Desc' } },
      { action: 'setMetaTitle', metaTitle: { en: 'MT' } },
      { action: 'setMetaDescription', metaDescription: { en: 'MD' } },
      { action: 'setMetaKeywords', metaKeywords: { en: 'MK' } },
      { action: 'setExternalId', externalId: 'ext' },
      { action: 'setKey', key },
    );
    expect(changed).toMatchObject({
      version: 2,
      key,
      name: { en: 'New' },
      slug,
      orderHint: '0.9',
      description: { en: 'Desc' },
      metaTitle: { en: 'MT' },
      metaDescription: { en: 'MD' },
      metaKeywords: { en: 'MK' },
      externalId: 'ext',
    });
    const removed = await update(
      'categories',
      changed,
      { action: 'setDescription' },
      { action: 'setMetaTitle' },
      { action: 'setExternalId' },
    );
    expect(removed).not.toHaveProperty('description');
    expect(removed).not.toHaveProperty('metaTitle');
    expect(removed).not.toHaveProperty('externalId');
    const messages = await messagesOf(category.id, 2);
    expect(messages[1]).toMatchObject({ type: 'CategorySlugChanged', slug, oldSlug: category.slug });
    // The old slug is free again.
    expect((await api.post('categories', categoryDraft({ slug: category.slug }))).status).toBe(201);
  });

  it('manages assets and their custom fields, and the category custom fields', async () => {
    const assetType = await api.create('types', typeDraft(['asset']));
    const categoryType = await api.create('types', typeDraft(['category']));
    let category = await newCategory();
    category = await update(
      'categories',
      category,
      {
        action: 'addAsset',
        asset: { key: 'asset-a', name: { en: 'A' }, sources: [{ uri: 'https://x.test/a' }] },
      },
      { action: 'addAsset', asset: { key: 'asset-b', name: { en: 'B' }, sources: [] }, position: 0 },
      { action: 'setCustomType', type: { typeId: 'type', key: categoryType.key }, fields: { note: 'n' } },
    );
    expect((category.assets ?? []).map((a) => a.key)).toEqual(['asset-b', 'asset-a']);
    expect(category.custom).toEqual({ type: ref(categoryType, 'type'), fields: { note: 'n' } });
    const [b, a] = category.assets ?? [];
    category = await update(
      'categories',
      category,
      { action: 'changeAssetName', assetKey: 'asset-a', name: { en: 'A2' } },
      { action: 'setAssetDescription', assetId: a.id, description: { en: 'About A' } },
      { action: 'setAssetTags', assetKey: 'asset-a', tags: ['x'] },
      { action: 'setAssetSources', assetKey: 'asset-a', sources: [{ uri: 'https://x.test/a2', key: 's' }] },
      { action: 'setAssetKey', assetId: b.id, assetKey: 'asset-b2' },
      { action: 'changeAssetOrder', assetOrder: [a.id, b.id] },
      { action: 'setAssetCustomType', assetKey: 'asset-a', type: { typeId: 'type', id: assetType.id } },
      { action: 'setAssetCustomField', assetKey: 'asset-a', name: 'rank', value: 3 },
      { action: 'setCustomField', name: 'note', value: 'changed' },
    );
    expect(category.assets).toMatchObject([
      {
        id: a.id,
        key: 'asset-a',
        name: { en: 'A2' },
        description: { en: 'About A' },
        tags: ['x'],
        sources: [{ uri: 'https://x.test/a2', key: 's' }],
        custom: { type: ref(assetType, 'type'), fields: { rank: 3 } },
      },
      { id: b.id, key: 'asset-b2' },
    ]);
    expect(category.custom?.fields).toEqual({ note: 'changed' });
    category = await update('categories', category, { action: 'removeAsset', assetId: b.id });
    expect((category.assets ?? []).map((x) => x.id)).toEqual([a.id]);
    const missing = await updateError('categories', category, { action: 'removeAsset', assetKey: 'nope' });
    expect(missing.error.code).toBe('InvalidOperation');
    const badField = await updateError('categories', category, {
      action: 'setAssetCustomField',
      assetKey: 'asset-a',
      name: 'rank',
      value: 'three',
    });
    expect(badField.error.code).toBe('InvalidField');
    const duplicateKey = await updateError('categories', category, {
      action: 'addAsset',
      asset: { key: 'asset-a', name: { en: 'again' }, sources: [] },
    });
    expect(duplicateKey.error.code).toBe('DuplicateField');
  });

  it('deleting a category deletes its subtree and frees the slugs', async () => {
    const root = await newCategory();
    const child = await newCategory({ parent: ref(root, 'category') });
    const grandchild = await newCategory({ parent: ref(child, 'category') });
    const other = await newCategory();
    await client
      .categories()
      .withId({ ID: root.id })
      .delete({ queryArgs: { version: root.version } })
      .execute();
    for (const gone of [root, child, grandchild]) {
      expect((await api.get(`categories/${gone.id}`)).status).toBe(404);
    }
    expect((await api.get(`categories/${other.id}`)).status).toBe(200);
    expect((await api.post('categories', categoryDraft({ slug: grandchild.slug }))).status).toBe(201);
  });

  it('deleting a category takes it and its subtree out of the products that referred to them', async () => {
    const root = await newCategory();
    const child = await newCategory({ parent: ref(root, 'category') });
    const kept = await newCategory();
    const productType = await api.create('product-types', productTypeDraft());
    const product = await api.create<Product>(
      'products',
      productDraft(productType.id, [], {
        categories: [ref(child, 'category'), ref(kept, 'category')],
        categoryOrderHints: { [child.id]: '0.2', [kept.id]: '0.3' },
      }),
    );
    expect((await api.delete(`categories/${root.id}?version=${root.version}`)).status).toBe(200);
    const after = (await api.get<Product>(`products/${product.id}`)).body;
    expect(after.version).toBe(product.version + 1);
    for (const data of [after.masterData.current, after.masterData.staged]) {
      expect(data.categories).toEqual([ref(kept, 'category')]);
      expect(data.categoryOrderHints).toEqual({ [kept.id]: '0.3' });
    }
    expect(after.masterData.hasStagedChanges).toBe(false);
  });
});
