import { api } from '../support/api.js';
import { productSelectionDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import {
  messagesOf,
  newProduct,
  newSelection,
  newStore,
  newType,
  ref,
  skus,
  update,
  updateError,
} from './catalog-helpers.js';

describe('Product selections', () => {
  it('are created in mode Individual with no products (ProductSelectionCreated), and deleted (ProductSelectionDeleted)', async () => {
    const selection = await api.create('product-selections', productSelectionDraft());
    expect(selection).toMatchObject({ mode: 'Individual', productCount: 0, version: 1 });
    expect((await messagesOf(selection.id))[0]).toMatchObject({
      type: 'ProductSelectionCreated',
      resourceUserProvidedIdentifiers: { key: selection.key },
      productSelection: selection,
    });
    await api.delete(`product-selections/${selection.id}?version=1`);
    expect((await messagesOf(selection.id, 2))[1]).toMatchObject({
      type: 'ProductSelectionDeleted',
      resourceVersion: 2,
    });
  });

  it('addProduct with a variant selection, setVariantSelection and removeProduct, with their Messages', async () => {
    const product = await newProduct(skus(2));
    let selection = await newSelection();
    const variantSelection = { type: 'includeOnly', skus: [product.masterData.current.masterVariant.sku] };
    selection = await update('product-selections', selection, {
      action: 'addProduct',
      product: { key: product.key },
      variantSelection,
    });
    expect(selection).toMatchObject({ productCount: 1, version: 2 });
    const product_ = ref(product, 'product');
    expect((await messagesOf(selection.id, 2))[1]).toMatchObject({
      type: 'ProductSelectionProductAdded',
      product: product_,
      variantSelection,
    });

    const same = await update('product-selections', selection, {
      action: 'addProduct',
      product: { id: product.id },
      variantSelection,
    });
    expect(same.version).toBe(selection.version);
    const different = await updateError('product-selections', selection, {
      action: 'addProduct',
      product: { id: product.id },
    });
    expect(different).toMatchObject({
      status: 400,
      error: {
        code: 'ProductPresentWithDifferentVariantSelection',
        product: product_,
        existingVariantSelection: variantSelection,
      },
    });

    const newVariantSelection = { type: 'includeAllExcept', skus: variantSelection.skus };
    selection = await update('product-selections', selection, {
      action: 'setVariantSelection',
      product: { id: product.id },
      variantSelection: newVariantSelection,
    });
    expect((await messagesOf(selection.id, 3))[2]).toMatchObject({
      type: 'ProductSelectionVariantSelectionChanged',
      product: product_,
      oldVariantSelection: variantSelection,
      newVariantSelection,
    });
    selection = await update('product-selections', selection, {
      action: 'removeProduct',
      product: { id: product.id },
    });
    expect(selection.productCount).toBe(0);
    expect((await messagesOf(selection.id, 4))[3]).toMatchObject({
      type: 'ProductSelectionProductRemoved',
      product: product_,
    });
    const missing = await updateError('product-selections', selection, {
      action: 'setVariantSelection',
      product: { id: product.id },
    });
    expect(missing.error).toMatchObject({ code: 'ProductAssignmentMissing', product: product_ });
    const unknown = await updateError('product-selections', selection, {
      action: 'addProduct',
      product: { key: uniqueKey('none') },
    });
    expect(unknown.error).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product' });
  });

  it('excludeProduct and setVariantExclusion in mode IndividualExclusion only, with their Messages', async () => {
    const product = await newProduct(skus(2));
    const product_ = ref(product, 'product');
    let exclusion = await newSelection('IndividualExclusion');
    const variantExclusion = { skus: [product.masterData.current.variants[0].sku] };
    exclusion = await update('product-selections', exclusion, {
      action: 'excludeProduct',
      product: { id: product.id },
      variantExclusion,
    });
    expect(exclusion.productCount).toBe(1);
    expect((await messagesOf(exclusion.id, 2))[1]).toMatchObject({
      type: 'ProductSelectionProductExcluded',
      product: product_,
      variantExclusion,
    });
    const different = await updateError('product-selections', exclusion, {
      action: 'excludeProduct',
      product: { id: product.id },
    });
    expect(different.error.code).toBe('ProductPresentWithDifferentVariantSelection');
    exclusion = await update('product-selections', exclusion, {
      action: 'setVariantExclusion',
      product: { id: product.id },
    });
    expect((await messagesOf(exclusion.id, 3))[2]).toMatchObject({
      type: 'ProductSelectionVariantExclusionChanged',
      product: product_,
      oldVariantExclusion: variantExclusion,
    });
    const other = await newProduct();
    expect(
      (
        await updateError('product-selections', exclusion, {
          action: 'setVariantExclusion',
          product: { id: other.id },
          variantExclusion,
        })
      ).error.code,
    ).toBe('ProductAssignmentMissing');
    expect(
      (
        await updateError('product-selections', exclusion, {
          action: 'addProduct',
          product: { id: other.id },
        })
      ).error.code,
    ).toBe('InvalidOperation');
    const individual = await newSelection();
    expect(
      (
        await updateError('product-selections', individual, {
          action: 'excludeProduct',
          product: { id: other.id },
        })
      ).error.code,
    ).toBe('InvalidOperation');
    expect(
      (
        await updateError('product-selections', individual, {
          action: 'setVariantExclusion',
          product: { id: other.id },
        })
      ).error.code,
    ).toBe('InvalidOperation');
    expect(
      (
        await updateError('product-selections', individual, {
          action: 'addProduct',
          product: { id: other.id },
          variantSelection: { type: 'includeOnly', skus: [] },
        })
      ).error.code,
    ).toBe('InvalidJsonInput');
  });

  it('changeName, setKey, setCustomType and setCustomField', async () => {
    const type = await newType(['product-selection']);
    let selection = await newSelection();
    const key = uniqueKey('selection');
    selection = await update(
      'product-selections',
      selection,
      { action: 'changeName', name: { en: 'Summer' } },
      { action: 'setKey', key },
      { action: 'setCustomType', type: { key: type.key } },
      { action: 'setCustomField', name: 'note', value: 'hot' },
    );
    expect(selection).toMatchObject({
      key,
      name: { en: 'Summer' },
      custom: { type: ref(type, 'type'), fields: { note: 'hot' } },
    });
    selection = await update('product-selections', selection, { action: 'setKey' });
    expect(selection.key).toBeUndefined();
  });

  it('list their products and a product’s selections, paged, through the SDK', async () => {
    const client = await sdk();
    const [a, b] = [await newSelection(), await newSelection()];
    const products = [await newProduct(), await newProduct(), await newProduct()];
    await update(
      'product-selections',
      a,
      ...products.map((p) => ({ action: 'addProduct', product: { id: p.id } })),
    );
    await update('product-selections', b, {
      action: 'addProduct',
      product: { id: products[0].id },
      variantSelection: { type: 'includeOnly', skus: ['x'] },
    });

    const page = await client
      .productSelections()
      .withId({ ID: a.id })
      .products()
      .get({ queryArgs: { limit: 2, offset: 1 } })
      .execute();
    expect(page.body).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
    expect(page.body.results.map((r) => r.product.id)).toEqual([products[1].id, products[2].id]);
    const byKey = await api.get(`product-selections/key=${a.key}/products?expand=product&withTotal=false`);
    expect(byKey.body.total).toBeUndefined();
    expect(byKey.body.results[0].product.obj).toMatchObject({ id: products[0].id, key: products[0].key });

    const selections = await client
      .products()
      .withId({ ID: products[0].id })
      .productSelections()
      .get()
      .execute();
    expect(selections.body.results).toEqual([
      { productSelection: ref(a, 'product-selection'), createdAt: expect.any(String) },
      {
        productSelection: ref(b, 'product-selection'),
        variantSelection: { type: 'includeOnly', skus: ['x'] },
        createdAt: expect.any(String),
      },
    ]);
    expect((await api.get(`product-selections/key=${uniqueKey('none')}/products`)).status).toBe(404);
  });

  it('can not be deleted while a Store uses them (ReferenceExists)', async () => {
    const selection = await newSelection();
    const store = await newStore({
      productSelections: [{ productSelection: { id: selection.id }, active: true }],
    });
    const refused = await api.delete(`product-selections/${selection.id}?version=1`);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'store' });
    await api.delete(`stores/${store.id}?version=${store.version}`);
    expect((await api.delete(`product-selections/${selection.id}?version=1`)).status).toBe(200);
  });

  it('need view_product_selections to read and manage_product_selections to write', async () => {
    const { projectKey } = await platform();
    const selection = await newSelection();
    const viewer = await adminToken([`view_product_selections:${projectKey}`]);
    expect(
      (await http('GET', `/${projectKey}/product-selections/${selection.id}/products`, { token: viewer }))
        .status,
    ).toBe(200);
    expect(
      (
        await http('POST', `/${projectKey}/product-selections`, {
          token: viewer,
          body: productSelectionDraft(),
        })
      ).status,
    ).toBe(403);
    const manager = await adminToken([`manage_product_selections:${projectKey}`]);
    expect(
      (
        await http('POST', `/${projectKey}/product-selections`, {
          token: manager,
          body: productSelectionDraft(),
        })
      ).status,
    ).toBe(201);
  });
});
