import type { Product } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { testDatabase } from '@commerce/persistence/testing';
import type { DataSource } from 'typeorm';
import { catalogMigrations } from '../../database/migrations/index.js';
import { CatalogProductImageFiles1764500000000 } from '../../database/migrations/1764500000000-product-image-files.js';
import { imageFileKeysOf, indexImageFiles, unindexImageFiles } from './image-file-index.js';
import { CLAIM_LEASE_SECONDS, ReleasedImageFiles } from './released-image-files.js';

const PROJECT = 'demo';
const url = (id: string, base = 'https://gateway.example.com') => `${base}/images/${PROJECT}/${id}/photo.png`;
const key = (id: string) => `images/${PROJECT}/${id}/photo.png`;

/** Just what the index reads: the image URLs of current and staged data. */
function product(id: string, current: string[], staged: string[] = current): Product {
  const data = (urls: string[]) => ({
    masterVariant: { id: 1, images: urls.map((u) => ({ url: u, dimensions: { w: 1, h: 1 } })) },
    variants: [],
  });
  return { id, masterData: { current: data(current), staged: data(staged) } } as unknown as Product;
}

describe('uploaded image files of products', () => {
  let database: { db: DataSource; close(): Promise<void> };
  let db: DataSource;
  let files: ReleasedImageFiles;
  const write = (p: Product) => db.transaction((tx) => indexImageFiles(tx, PROJECT, p));
  const claimed = async () => (await files.claim(100)).map((file) => file.key).sort();

  beforeAll(async () => {
    database = await testDatabase({ schema: 'catalog', migrations: catalogMigrations });
    db = database.db;
    files = new ReleasedImageFiles(db);
  });
  afterAll(() => database.close());

  it('knows uploaded files by key, whatever the base, and ignores other URLs', () => {
    const shown = product(
      'p0',
      [url('a'), url('b', 'http://localhost:8080/')],
      [
        url('a'),
        'https://cdn.example.com/x.png',
        `https://gateway.example.com/images/other-project/c/photo.png`,
      ],
    );
    expect(imageFileKeysOf(PROJECT, shown).sort()).toEqual([key('a'), key('b')]);
  });

  it('releases a file no version shows any more; a claim hands it out once, then it is forgotten', async () => {
    await write(product('p1', [url('f1')], [url('f1'), url('f2')]));
    await write(product('p1', [url('f1')], [url('f1')]));
    expect(await claimed()).toEqual([key('f2')]);
    expect(await claimed()).toEqual([]);
    expect(await files.forget([{ projectKey: PROJECT, key: key('f2') }])).toBe(1);
    // Still in current data: kept.
    await write(product('p1', [url('f1')], []));
    expect(await claimed()).toEqual([]);
    await db.transaction((tx) => unindexImageFiles(tx, PROJECT, 'p1'));
    expect(await claimed()).toEqual([key('f1')]);
  });

  it('keeps a file another product shows', async () => {
    await write(product('p2', [url('s1')]));
    await write(product('p3', [], [url('s1')]));
    await write(product('p2', []));
    expect(await claimed()).toEqual([]);
    await write(product('p3', []));
    expect(await claimed()).toEqual([key('s1')]);
  });

  it('a write that shows a file again before its claim keeps it; after the claim it is refused', async () => {
    await write(product('p4', [url('r1'), url('r2')]));
    await write(product('p4', []));
    await write(product('p4', [url('r1')]));
    expect(await claimed()).toEqual([key('r2')]);
    const refused = await write(product('p4', [url('r1'), url('r2')])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).errors[0]).toMatchObject({ code: 'InvalidOperation' });
  });

  it('a claim skips a file an uncommitted write is showing, and then sees that write', async () => {
    await write(product('p7', [url('c1')]));
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      // p8 starts showing the file; before it commits, p7 stops showing it (released, not locked by p8).
      await indexImageFiles(runner.manager, PROJECT, product('p8', [url('c1')]));
      await write(product('p7', []));
      expect(await claimed()).toEqual([]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await claimed()).toEqual([]);
    const left = await db.query(`SELECT 1 FROM "catalog"."released_image_files" WHERE file_key = $1`, [
      key('c1'),
    ]);
    expect(left).toEqual([]);
  });

  it('offers a claim nobody confirmed again after its lease', async () => {
    await write(product('p5', [url('l1')]));
    await write(product('p5', []));
    expect(await claimed()).toEqual([key('l1')]);
    expect(await claimed()).toEqual([]);
    await db.query(
      `UPDATE "catalog"."released_image_files" SET claimed_at = now() - make_interval(secs => $1)`,
      [CLAIM_LEASE_SECONDS + 1],
    );
    expect(await claimed()).toContain(key('l1'));
  });

  it('the migration indexes the files of products written before it', async () => {
    const runner = db.createQueryRunner();
    const migration = new CatalogProductImageFiles1764500000000();
    try {
      await migration.down(runner);
      const doc = { ...product('p6', [url('m1')], [url('m2')]), version: 1 };
      await runner.query(
        `INSERT INTO "catalog"."products" (id, project_key, key, version, created_at, last_modified_at, doc)
         VALUES ('p6', $1, NULL, 1, now(), now(), $2)`,
        [PROJECT, doc],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = await db.query<Array<{ file_key: string }>>(
      `SELECT file_key FROM "catalog"."product_image_files" WHERE product_id = 'p6' ORDER BY file_key`,
    );
    expect(rows.map((row) => row.file_key)).toEqual([key('m1'), key('m2')]);
  });
});
