import type { Product } from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { newProduct, skus, update } from './catalog-helpers.js';
import { png } from './test-images.js';

/** Uploads a PNG to the product's master variant (staged unless told otherwise); the updated product. */
async function upload(product: { id: string }, query: Record<string, string> = {}): Promise<Product> {
  const { apiUrl, projectKey } = await platform();
  const response = await fetch(
    `${apiUrl}/${projectKey}/products/${product.id}/images?${new URLSearchParams(query).toString()}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'image/png' },
      body: png(4, 4),
    },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Product;
}

const lastImageUrl = (product: Product, staged = true) =>
  (staged ? product.masterData.staged : product.masterData.current).masterVariant.images!.at(-1)!.url;

const status = async (url: string) => (await fetch(url)).status;

/** Polls (no sleeps) until the file answers 404; fails after the deadline. */
const gone = (url: string) =>
  eventually(async () => ((await status(url)) === 404 ? true : undefined), 15_000);

/**
 * A file a product still shows must stay: the sweep runs every 200 ms here, so after a removal of another file
 * has been carried out (that file answers 404) any wrong deletion would have happened too.
 */
async function sweptPast(product: { id: string }): Promise<void> {
  const fresh = await upload(product);
  const url = lastImageUrl(fresh);
  await update('products', fresh, { action: 'removeImage', variantId: 1, imageUrl: url, staged: true });
  await gone(url);
}

describe('Uploaded image files are deleted when no product shows them', () => {
  it('removeImage: the file goes (404), eventually', async () => {
    const product = await upload(await newProduct(skus(1)));
    const url = lastImageUrl(product);
    expect(await status(url)).toBe(200);
    await update('products', product, { action: 'removeImage', variantId: 1, imageUrl: url, staged: true });
    await gone(url);
  });

  it('deleting the product: its files go', async () => {
    let product = await upload(await newProduct(skus(1)));
    product = await upload(product, { staged: 'false' });
    const urls = product.masterData.staged.masterVariant.images!.map((image) => image.url);
    expect(urls).toHaveLength(2);
    expect((await api.delete(`products/${product.id}?version=${product.version}`)).status).toBe(200);
    for (const url of urls) await gone(url);
  });

  it('keeps a file still in current data when it is removed from staged, until a publish drops it', async () => {
    let product = await upload(await newProduct(skus(1)), { staged: 'false' });
    const url = lastImageUrl(product, false);
    product = await update('products', product, {
      action: 'removeImage',
      variantId: 1,
      imageUrl: url,
      staged: true,
    });
    expect(lastImageUrl(product, false)).toBe(url);
    expect(product.masterData.staged.masterVariant.images).toEqual([]);
    await sweptPast(product);
    expect(await status(url)).toBe(200);
    const latest = (await api.get<Product>(`products/${product.id}`)).body;
    await update('products', latest, { action: 'publish' });
    await gone(url);
  });

  it('keeps a file another product shows, and a file staged data still shows', async () => {
    const owner = await upload(await newProduct(skus(1)));
    const url = lastImageUrl(owner);
    const other = await update('products', await newProduct(skus(1)), {
      action: 'addExternalImage',
      variantId: 1,
      image: { url, dimensions: { w: 4, h: 4 } },
      staged: true,
    });
    await update('products', owner, { action: 'removeImage', variantId: 1, imageUrl: url, staged: true });
    await sweptPast(other);
    expect(await status(url)).toBe(200);
    // Staged only (not published): still shown, so still there.
    expect(
      other.masterData.staged.masterVariant.images!.map((image: { url: string }) => image.url),
    ).toContain(url);
    const latest = (await api.get<Product>(`products/${other.id}`)).body;
    await update('products', latest, { action: 'removeImage', variantId: 1, imageUrl: url, staged: true });
    await gone(url);
  });
});
