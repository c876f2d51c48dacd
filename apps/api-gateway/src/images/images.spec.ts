import { ApiError } from '@commerce/errors';
import { deflateSync } from 'node:zlib';
import { inspectImage } from './image-inspection.js';
import { imageFileName, imageKey, imageUrl, newImageId } from './image-names.js';
import { imageUploadParamsOf } from './image-upload-params.js';

const pngHeader = (w: number, h: number) => {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(w, 8);
  ihdr.writeUInt32BE(h, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, deflateSync(Buffer.alloc(4))]);
};

async function refusal(bytes: Buffer): Promise<string> {
  try {
    await inspectImage(bytes);
  } catch (error) {
    if (error instanceof ApiError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('accepted');
}

describe('inspectImage', () => {
  it('reads the type and dimensions from the bytes', async () => {
    await expect(inspectImage(pngHeader(640, 1))).resolves.toEqual({
      contentType: 'image/png',
      extension: 'png',
      dimensions: { w: 640, h: 1 },
    });
    const gif = Buffer.from([...Buffer.from('GIF87a'), 10, 0, 20, 0, 0, 0, 0, 0x3b]);
    await expect(inspectImage(gif)).resolves.toMatchObject({
      contentType: 'image/gif',
      dimensions: { w: 10, h: 20 },
    });
  });

  it.each([
    [
      'an empty body',
      Buffer.alloc(0),
      'InvalidInput: The request body is empty: send the image file as the body.',
    ],
    ['text', Buffer.from('hello, world'), 'InvalidInput: The body is not a JPEG, PNG or GIF image.'],
    [
      'a WebP image',
      Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00', 'binary'),
      'InvalidInput: The body is not a JPEG, PNG or GIF image (its bytes are image/webp).',
    ],
    [
      'a PNG without a size',
      pngHeader(0, 0),
      'InvalidInput: The image/png image has no readable dimensions.',
    ],
  ])('refuses %s', async (_name, bytes, expected) => {
    expect(await refusal(bytes)).toBe(expected);
  });
});

describe('imageFileName', () => {
  it.each([
    [undefined, 'image.png'],
    ['', 'image.png'],
    ['DKNY.jpeg', 'DKNY.jpeg'],
    ['image-file-name', 'image-file-name.png'],
    ['../../etc/passwd', 'passwd.png'],
    ['C:\\photos\\a b.gif', 'a-b.gif'],
    ['.hidden', 'hidden.png'],
    ['ünïcode ✓.png', 'n-code-.png'],
    ['x'.repeat(300), `${'x'.repeat(128)}.png`],
  ])('%s -> %s', (requested, expected) => {
    expect(imageFileName(requested, 'png')).toBe(expected);
  });
});

describe('image keys and URLs', () => {
  it('puts the key under the public base, with an unguessable id', () => {
    const id = newImageId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(newImageId()).not.toBe(id);
    expect(imageUrl('https://cdn.example.com/', imageKey('demo', id, 'a.png'))).toBe(
      `https://cdn.example.com/images/demo/${id}/a.png`,
    );
  });
});

describe('imageUploadParamsOf', () => {
  it.each([
    [{}, { staged: true }],
    [
      { filename: 'a.png', variant: '2', staged: 'false' },
      { filename: 'a.png', variantId: 2, staged: false },
    ],
    [
      { sku: 'S1', staged: 'true' },
      { sku: 'S1', staged: true },
    ],
    [{ variant: ['3', '3'] }, { variantId: 3, staged: true }],
  ])('%j', (query, expected) => {
    expect(imageUploadParamsOf(query)).toEqual(expected);
  });

  it.each([
    [{ variant: '-1' }, "Malformed parameter: variant: must be a positive integer, got '-1'."],
    [{ variant: '1.5' }, "Malformed parameter: variant: must be a positive integer, got '1.5'."],
    [{ staged: '1' }, "Malformed parameter: staged: must be true or false, got '1'."],
    [{ variant: '1', sku: 's' }, 'Name the variant by variant or by sku, not both.'],
    [{ sku: ['a', 'b'] }, "Parameter 'sku' is given more than once."],
  ])('refuses %j', (query, message) => {
    expect(() => imageUploadParamsOf(query)).toThrow(message);
  });
});
