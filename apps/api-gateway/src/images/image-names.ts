import { IMAGES_PREFIX, imageFileKey, imageFileUrl } from '@commerce/contracts';
import { randomBytes } from 'node:crypto';

/** Where an uploaded image lives (the key and URL scheme: `@commerce/contracts` `image-files.ts`). */
export { IMAGES_PREFIX };

const EXTENSION = /\.[A-Za-z0-9]{1,5}$/;

/** A file name safe in a URL and a key: `[A-Za-z0-9._-]`, other runs become `-`, no leading dot, ≤ 128 chars. */
export function imageFileName(requested: string | undefined, extension: string): string {
  const base = (requested ?? '').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 128);
  if (name === '') name = 'image';
  return EXTENSION.test(name) ? name : `${name}.${extension}`;
}

/** 96 random bits: an image's URL can not be guessed from another's. */
export function newImageId(): string {
  return randomBytes(12).toString('base64url');
}

export const imageKey = imageFileKey;
export const imageUrl = imageFileUrl;
