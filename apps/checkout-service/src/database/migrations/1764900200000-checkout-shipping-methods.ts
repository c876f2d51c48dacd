import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipping methods: a name unique per project (`DuplicateField` on `name`) and at most one default per
 * project (`DuplicateField` on `isDefault`), both held by unique indexes named `<table>_<field>_uq`.
 */
export class CheckoutShippingMethods1764900200000 implements MigrationInterface {
  name = 'CheckoutShippingMethods1764900200000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'shipping_methods')) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX shipping_methods_name_uq ON "checkout"."shipping_methods" (project_key, (doc->>'name'))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "shipping_methods_isDefault_uq" ON "checkout"."shipping_methods" (project_key)
       WHERE (doc->'isDefault') = 'true'::jsonb`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."shipping_methods"`);
  }
}
