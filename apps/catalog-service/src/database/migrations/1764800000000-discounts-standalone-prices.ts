import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Product discounts (`sortOrder` unique per project) and standalone prices (found by SKU). */
export class CatalogDiscountsStandalonePrices1764800000000 implements MigrationInterface {
  name = 'CatalogDiscountsStandalonePrices1764800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('catalog', 'product_discounts')) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX "product_discounts_sortOrder_uq" ON "catalog"."product_discounts" (project_key, (doc->>'sortOrder'))`,
    );
    for (const statement of documentTableSqlV2('catalog', 'standalone_prices')) await db.query(statement);
    await db.query(
      `CREATE INDEX standalone_prices_sku_idx ON "catalog"."standalone_prices" (project_key, (doc->>'sku'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."standalone_prices"`);
    await db.query(`DROP TABLE "catalog"."product_discounts"`);
  }
}
