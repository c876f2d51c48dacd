import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkObjectKey, type ObjectStorage, type StoredObject } from './object-storage.js';

interface Metadata {
  contentType: string;
  etag: string;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects as files under one folder: `<root>/<key>`, with their metadata in `<root>/.meta/<key>.json` (no key
 * reaches `.meta`: a key's segments never start with a dot). Files are written whole, then renamed into place.
 */
export class LocalFolderStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const meta: Metadata = {
      contentType,
      etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
    };
    await this.writeWhole(this.metaPath(key), Buffer.from(JSON.stringify(meta)));
    await this.writeWhole(this.filePath(key), body);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Metadata;
      return { body: await readFile(this.filePath(key)), ...meta };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.filePath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  private filePath(key: string): string {
    return path.join(this.root, ...checkObjectKey(key).split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.root, '.meta', ...checkObjectKey(key).split('/'))}.json`;
  }

  private async writeWhole(file: string, body: Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(temporary, body, { mode: 0o640 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
