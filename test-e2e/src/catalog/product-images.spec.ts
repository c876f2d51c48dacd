import type { Image, Product } from '@commercetools/platform-sdk';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { api } from '../support/api.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import { messagesOf, newProduct, skus } from './catalog-helpers.js';
import { gif, jpeg, png } from './test-images.js';

/** The upload as a client without the SDK sends it: raw bytes, any Content-Type. */
async function upload(
  productId: string,
  body: Buffer | string | undefined,
  query: Record<string, string> = {},
  contentType = 'image/png',
) {
  const { apiUrl, projectKey } = await platform();
  const response = await fetch(
    `${apiUrl}/${projectKey}/products/${productId}/images?${new URLSearchParams(query).toString()}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': contentType },
      body,
    },
  );
  return { status: response.status, body: (await response.json()) as any };
}

/** Stored objects whose key holds `marker` (the local folder or the S3 server's, by mode). */
async function storedWith(marker: string): Promise<string[]> {
  const { storage } = await platform();
  const files = await readdir(storage.dir, { recursive: true }).catch(() => [] as string[]);
  // The local folder keeps metadata under .meta/; s3rver keeps each object as `<key>._S3rver_object`.
  const isObject = (file: string) =>
    storage.backend === 'local' ? !file.startsWith('.meta') : file.endsWith('._S3rver_object');
  return files.map(String).filter((file) => file.includes(marker) && isObject(file));
}

const imagesOf = (product: Product, variantId: number, staged: boolean): Image[] => {
  const data = staged ? product.masterData.staged : product.masterData.current;
  return [data.masterVariant, ...data.variants].find((variant) => variant.id === variantId)!.images ?? [];
};

describe('Product image upload', () => {
  it('stores the image through the SDK, adds it to the staged master variant, and serves the same bytes', async () => {
    const product = await newProduct(skus(1));
    const bytes = png(37, 21);
    const filename = `photo-${randomUUID()}.png`;
    const root = await sdk();
    const response = await root
      .products()
      .withId({ ID: product.id })
      .images()
      .post({ queryArgs: { filename }, body: bytes, headers: { 'Content-Type': 'image/png' } })
      .execute();

    expect(response.statusCode).toBe(200);
    const updated = response.body;
    expect(updated).toMatchObject({ id: product.id, version: product.version + 1 });
    expect(updated.masterData.hasStagedChanges).toBe(true);
    expect(imagesOf(updated, 1, false)).toEqual([]);
    const [image] = imagesOf(updated, 1, true);
    expect(image).toEqual({ url: expect.stringContaining(filename), dimensions: { w: 37, h: 21 } });

    const served = await fetch(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = served.headers.get('etag')!;
    const revalidated = await fetch(image.url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    const messages = await messagesOf(product.id, 2);
    expect(messages[1]).toMatchObject({
      type: 'ProductImageAdded',
      resourceVersion: product.version + 1,
      variantId: 1,
      image,
      staged: true,
    });
  });

  it('adds the image to the variant named by sku, to current and staged data with staged=false', async () => {
    const [, second] = skus(2);
    const product = await newProduct([skus(1)[0], second]);
    const response = await (
      await sdk()
    )
      .products()
      .withId({ ID: product.id })
      .images()
      .post({
        queryArgs: { filename: 'side.jpeg', sku: second, staged: false },
        body: jpeg(640, 480),
        headers: { 'Content-Type': 'image/jpeg' },
      })
      .execute();
    const updated = response.body;
    const expected = { url: expect.stringMatching(/\/side\.jpeg$/), dimensions: { w: 640, h: 480 } };
    expect(imagesOf(updated, 2, true)).toEqual([expected]);
    expect(imagesOf(updated, 2, false)).toEqual([expected]);
    expect(imagesOf(updated, 1, true)).toEqual([]);
    expect(updated.masterData.hasStagedChanges).toBe(false);
    const served = await fetch(imagesOf(updated, 2, false)[0].url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('names the variant by its id, reads the type from the bytes, and keeps earlier images', async () => {
    const product = await newProduct(skus(2));
    const first = await upload(product.id, gif(3, 5), { variant: '2' }, 'application/octet-stream');
    expect(first.status).toBe(200);
    // A GIF sent as image/png is stored and served as what its bytes are.
    const second = await upload(product.id, gif(8, 9), { variant: '2', filename: 'two' }, 'image/png');
    expect(second.status).toBe(200);
    const images = imagesOf(second.body, 2, true);
    expect(images.map((image) => image.dimensions)).toEqual([
      { w: 3, h: 5 },
      { w: 8, h: 9 },
    ]);
    expect(images[0].url).toMatch(/\/image\.gif$/);
    expect(images[1].url).toMatch(/\/two\.gif$/);
    expect((await fetch(images[1].url)).headers.get('content-type')).toBe('image/gif');
    expect(images[0].url).not.toBe(images[1].url);
  });

  it('refuses bytes that are no JPEG, PNG or GIF, an empty body and a JSON body, storing nothing', async () => {
    const product = await newProduct(skus(1));
    const marker = randomUUID();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    for (const [body, type] of [
      [pdf, 'image/png'],
      ['just some text', 'image/jpeg'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const response = await upload(product.id, body, { filename: `${marker}.png` }, type);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput' }] });
    }
    expect((await upload(product.id, pdf, {}, 'image/png')).body.message).toBe(
      'The body is not a JPEG, PNG or GIF image (its bytes are application/pdf).',
    );
    const json = await upload(product.id, JSON.stringify({ url: 'x' }), {}, 'application/json');
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^Send the image file as the request body/);
    expect(await storedWith(marker)).toEqual([]);
    expect((await api.get(`products/${product.id}`)).body.version).toBe(product.version);
  });

  it('refuses an image over 10 MB with 413 ContentTooLarge, storing nothing', async () => {
    const product = await newProduct(skus(1));
    const marker = randomUUID();
    const big = Buffer.concat([png(4, 4), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(product.id, big, { filename: `${marker}.png` });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      statusCode: 413,
      message: 'The image is larger than the limit of 10 MB (10485760 bytes).',
      errors: [
        { code: 'ContentTooLarge', message: 'The image is larger than the limit of 10 MB (10485760 bytes).' },
      ],
    });
    expect(await storedWith(marker)).toEqual([]);
    // Exactly at the limit is accepted.
    const atLimit = Buffer.concat([png(4, 4)]);
    const padded = Buffer.concat([atLimit, Buffer.alloc(10 * 1024 * 1024 - atLimit.length)]);
    expect((await upload(product.id, padded, { filename: `${marker}.png` })).status).toBe(200);
    expect(await storedWith(marker)).toHaveLength(1);
  });

  it('removes the stored file again when the product write fails: unknown product, variant or sku', async () => {
    const product = await newProduct(skus(1));
    const marker = randomUUID();
    const unknownProduct = await upload(randomUUID(), png(2, 2), { filename: `${marker}-a.png` });
    expect(unknownProduct.status).toBe(404);
    expect(unknownProduct.body.errors[0].code).toBe('ResourceNotFound');
    const unknownSku = await upload(product.id, png(2, 2), {
      filename: `${marker}-b.png`,
      sku: 'no-such-sku',
    });
    expect(unknownSku.status).toBe(400);
    expect(unknownSku.body.errors[0]).toMatchObject({
      code: 'InvalidOperation',
      message: "The product has no variant with sku 'no-such-sku'.",
    });
    const unknownVariant = await upload(product.id, png(2, 2), { filename: `${marker}-c.png`, variant: '9' });
    expect(unknownVariant.status).toBe(400);
    expect(await storedWith(marker)).toEqual([]);
  });

  it('checks the query: variant, staged, and not both variant and sku', async () => {
    const product = await newProduct(skus(1));
    const cases: Array<[Record<string, string>, string]> = [
      [{ variant: 'x' }, "Malformed parameter: variant: must be a positive integer, got 'x'."],
      [{ variant: '0' }, "Malformed parameter: variant: must be a positive integer, got '0'."],
      [{ staged: 'yes' }, "Malformed parameter: staged: must be true or false, got 'yes'."],
      [{ variant: '1', sku: 'a' }, 'Name the variant by variant or by sku, not both.'],
    ];
    for (const [query, message] of cases) {
      const response = await upload(product.id, png(2, 2), query);
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toEqual({ code: 'InvalidInput', message });
    }
  });

  it('makes a file name safe for a URL, and answers 404 for an image that does not exist', async () => {
    const product = await newProduct(skus(1));
    const response = await upload(product.id, png(2, 2), { filename: '../../my summer photo (1)' });
    const [image] = imagesOf(response.body, 1, true);
    expect(image.url).toMatch(/\/images\/[a-z0-9-]+\/[A-Za-z0-9_-]{16}\/my-summer-photo-1-\.png$/);
    expect((await fetch(image.url)).status).toBe(200);
    const missing = await fetch(image.url.replace(/\/[A-Za-z0-9_-]{16}\//, '/AAAAAAAAAAAAAAAA/'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
  });

  it('needs manage_products: a view_products token is refused and nothing is stored', async () => {
    const { apiUrl, projectKey } = await platform();
    const product = await newProduct(skus(1));
    const marker = randomUUID();
    const response = await fetch(
      `${apiUrl}/${projectKey}/products/${product.id}/images?filename=${marker}.png`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await adminToken([`view_products:${projectKey}`])}`,
          'content-type': 'image/png',
        },
        body: png(2, 2),
      },
    );
    expect(response.status).toBe(403);
    expect(await storedWith(marker)).toEqual([]);
  });
});
