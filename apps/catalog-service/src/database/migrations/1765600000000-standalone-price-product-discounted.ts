import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `discounted` a product discount last gave each Standalone Price, as its last `StandalonePriceDiscountSet`
 * Message reported it (`StandalonePriceDiscounts`); NULL: none.
 */
export class CatalogStandalonePriceProductDiscounted1765600000000 implements MigrationInterface {
  name = 'CatalogStandalonePriceProductDiscounted1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "catalog"."standalone_prices" ADD COLUMN product_discounted jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "catalog"."standalone_prices" DROP COLUMN product_discounted`);
  }
}
