import { randomBytes } from 'node:crypto';

/**
 * Where an uploaded image lives: the object key `images/<projectKey>/<id>/<file name>` is also the path the
 * gateway serves it at, and its URL is that key under the public base (STORAGE_PUBLIC_URL, or the gateway).
 */
export const IMAGES_PREFIX = 'images';

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

export function imageKey(projectKey: string, id: string, fileName: string): string {
  return `${IMAGES_PREFIX}/${projectKey}/${id}/${fileName}`;
}

export function imageUrl(publicBase: string, key: string): string {
  return `${publicBase.replace(/\/+$/, '')}/${key}`;
}
