import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shopping lists: a document table (the sweep reads `last_modified_at` and the document's retention days). */
export class CheckoutShoppingLists1764903200000 implements MigrationInterface {
  name = 'CheckoutShoppingLists1764903200000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'shopping_lists')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."shopping_lists"`);
  }
}
