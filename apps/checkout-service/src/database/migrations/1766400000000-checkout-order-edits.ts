import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Order Edits: a document table (`(project_key, key)` unique), as every resource of the engine. */
export class CheckoutOrderEdits1766400000000 implements MigrationInterface {
  name = 'CheckoutOrderEdits1766400000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'order_edits')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."order_edits"`);
  }
}
