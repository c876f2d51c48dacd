import type { Product } from '@commerce/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { imageFileKeysOf } from '../../products/image-files/image-file-index.js';

const PAGE = 500;

/**
 * Which product shows which uploaded image file (`product_image_files`), and the files no product shows any
 * more, waiting for the gateway to delete them (`released_image_files`). Existing products are indexed here,
 * so no file one of them shows is ever taken for unused.
 */
export class CatalogProductImageFiles1764500000000 implements MigrationInterface {
  name = 'CatalogProductImageFiles1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "catalog"."product_image_files" (
      project_key text NOT NULL,
      file_key text NOT NULL,
      product_id text NOT NULL,
      PRIMARY KEY (project_key, file_key, product_id)
    )`);
    await db.query(
      `CREATE INDEX product_image_files_product_idx ON "catalog"."product_image_files" (product_id)`,
    );
    await db.query(`CREATE TABLE "catalog"."released_image_files" (
      project_key text NOT NULL,
      file_key text NOT NULL,
      released_at timestamptz NOT NULL,
      claimed_at timestamptz,
      PRIMARY KEY (project_key, file_key)
    )`);
    await db.query(
      `CREATE INDEX released_image_files_due_idx ON "catalog"."released_image_files" (claimed_at, released_at)`,
    );
    let after = '';
    for (;;) {
      const page = (await db.query(
        `SELECT id, project_key, doc FROM "catalog"."products" WHERE id > $1 ORDER BY id LIMIT ${PAGE}`,
        [after],
      )) as Array<{ id: string; project_key: string; doc: Product }>;
      for (const row of page) {
        const keys = imageFileKeysOf(row.project_key, row.doc);
        if (keys.length === 0) continue;
        await db.query(
          `INSERT INTO "catalog"."product_image_files" (project_key, file_key, product_id)
           SELECT $1, file_key, $2 FROM unnest($3::text[]) AS shown(file_key)`,
          [row.project_key, row.id, keys],
        );
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."released_image_files"`);
    await db.query(`DROP TABLE "catalog"."product_image_files"`);
  }
}
