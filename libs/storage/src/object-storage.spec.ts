import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalFolderStorage } from './local-folder-storage.js';
import { isObjectKey, type ObjectStorage } from './object-storage.js';
import { S3ObjectStorage } from './s3-storage.js';
import { objectStorageOf, storageEnv } from './storage-config.js';
import { loadConfig } from '@commerce/config';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** What every backend must do, run against a temporary folder and against a real S3-compatible server. */
function behavesAsObjectStorage(name: string, storage: () => ObjectStorage) {
  describe(name, () => {
    it('keeps the bytes and the content type of a put, with a stable ETag', async () => {
      const key = `project/${Date.now()}/photo.png`;
      await storage().put(key, png, 'image/png');
      const first = await storage().get(key);
      expect(first).toMatchObject({ contentType: 'image/png' });
      expect(first!.body.equals(png)).toBe(true);
      expect(first!.etag).toMatch(/^"[^"]+"$/);
      expect((await storage().get(key))!.etag).toBe(first!.etag);
    });

    it('answers undefined for a key that holds nothing, and deletes idempotently', async () => {
      const key = `project/${Date.now()}/gone.gif`;
      expect(await storage().get(key)).toBeUndefined();
      await storage().put(key, Buffer.from('GIF89a'), 'image/gif');
      await storage().delete(key);
      expect(await storage().get(key)).toBeUndefined();
      await expect(storage().delete(key)).resolves.toBeUndefined();
    });

    it('refuses keys that could leave their place', async () => {
      for (const key of ['../x', 'a/../../b', '/abs', '.hidden/x', 'a//b', 'a/b\\c', '']) {
        await expect(storage().put(key, png, 'image/png')).rejects.toThrow('Not an object key');
        await expect(storage().get(key)).rejects.toThrow('Not an object key');
      }
    });
  });
}

let folder: string;
let s3Dir: string;
let server: S3rver;
let s3: S3ObjectStorage;
let s3Port: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'storage-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'images' }],
  });
  s3Port = (await server.run()).port;
  s3 = new S3ObjectStorage({
    bucket: 'images',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${s3Port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    keyPrefix: 'commerce/',
  });
});

afterAll(async () => {
  s3?.close();
  await server?.close();
  await rm(folder, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
});

behavesAsObjectStorage(LocalFolderStorage.name, () => new LocalFolderStorage(folder));
behavesAsObjectStorage(`${S3ObjectStorage.name} (s3rver)`, () => s3);

describe(LocalFolderStorage.name, () => {
  it('leaves no partial files behind', async () => {
    const storage = new LocalFolderStorage(folder);
    await storage.put('p/one/a.png', png, 'image/png');
    const files = await readdir(folder, { recursive: true });
    expect(files.filter((file) => String(file).endsWith('.partial'))).toEqual([]);
  });
});

describe(S3ObjectStorage.name, () => {
  it('writes under the key prefix of the bucket', async () => {
    await s3.put('p/two/b.png', png, 'image/png');
    const stored = await readdir(s3Dir, { recursive: true });
    expect(stored.some((file) => String(file).includes(path.join('commerce', 'p', 'two', 'b.png')))).toBe(
      true,
    );
  });

  it('reports a missing bucket as an error, not as missing objects', async () => {
    const other = (bucket: string, secretAccessKey: string) =>
      new S3ObjectStorage({
        bucket,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${s3Port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey },
        keyPrefix: 'commerce/',
      });
    const noBucket = other('no-such-bucket', 'S3RVER');
    await expect(noBucket.get('p/two/b.png')).rejects.toThrow();
    await expect(noBucket.put('p/two/b.png', png, 'image/png')).rejects.toThrow();
    noBucket.close();
  });
});

describe('objectStorageOf', () => {
  it('builds the configured backend and names missing settings', async () => {
    expect((await objectStorageOf(loadConfig(storageEnv, {}))).kind).toBe('local');
    const s3 = await objectStorageOf(
      loadConfig(storageEnv, { STORAGE_BACKEND: 's3', STORAGE_S3_BUCKET: 'images' }),
    );
    expect(s3.kind).toBe('s3');
    await expect(objectStorageOf(loadConfig(storageEnv, { STORAGE_BACKEND: 's3' }))).rejects.toThrow(
      'STORAGE_S3_BUCKET is required',
    );
    await expect(
      objectStorageOf(
        loadConfig(storageEnv, {
          STORAGE_BACKEND: 's3',
          STORAGE_S3_BUCKET: 'images',
          STORAGE_S3_ACCESS_KEY_ID: 'id',
        }),
      ),
    ).rejects.toThrow('Set both');
  });
});

describe('isObjectKey', () => {
  it.each([
    ['demo/abc123/photo.png', true],
    ['demo/abc/my-photo_1.final.jpeg', true],
    ['demo/../x', false],
    ['demo/.x', false],
    ['demo/a b', false],
    ['demo/ä', false],
  ])('%s: %s', (key, expected) => expect(isObjectKey(key)).toBe(expected));
});
