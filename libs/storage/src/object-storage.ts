/** An object as the storage holds it: its bytes and what a reader needs to serve them. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  /** A strong validator of the bytes (quoted, as HTTP's ETag header carries it). */
  etag: string;
}

/**
 * Where uploaded files live: a folder of this machine (the all-in-one mode) or an S3-compatible bucket
 * (production). Keys are `/`-separated segments of `[A-Za-z0-9._-]` that do not start with a dot.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or `undefined` when the key holds none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

export function isObjectKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment));
}

/** Refuses a key outside the shape above: no `..`, no absolute paths, no hidden files. */
export function checkObjectKey(key: string): string {
  if (!isObjectKey(key)) throw new Error(`Not an object key: '${key}'.`);
  return key;
}
