/**
 * Uploaded product image files: the object key `images/<projectKey>/<id>/<file name>` is also the path the
 * gateway serves the file at, and its URL is that key under the public base (STORAGE_PUBLIC_URL, or the
 * gateway). The gateway names and stores the files; catalog-service knows which product shows which file by
 * this key (docs/DECISIONS.md, "Product images").
 */
export const IMAGES_PREFIX = 'images';

const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}';
const KEY_AT_END = new RegExp(`/(${IMAGES_PREFIX}/(${SEGMENT})/${SEGMENT}/${SEGMENT})$`);

export function imageFileKey(projectKey: string, id: string, fileName: string): string {
  return `${IMAGES_PREFIX}/${projectKey}/${id}/${fileName}`;
}

export function imageFileUrl(publicBase: string, key: string): string {
  return `${publicBase.replace(/\/+$/, '')}/${key}`;
}

/**
 * The key of the uploaded file an image URL of the project names, whatever its base (the upload's host or
 * STORAGE_PUBLIC_URL), or undefined for any other URL (another project's, or an external image).
 */
export function imageFileKeyOf(url: string, projectKey: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = KEY_AT_END.exec(path);
  return match && match[2] === projectKey ? match[1] : undefined;
}

/** An uploaded file no product shows any more: the gateway deletes `key` from storage. */
export interface ReleasedImageFile {
  projectKey: string;
  key: string;
}
