import { subscriptionPositionsSqlV2 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Since when a Subscription's destination refuses with configuration errors (delivery stops after a while). */
export class CatalogSubscriptionStop1765200000000 implements MigrationInterface {
  name = 'CatalogSubscriptionStop1765200000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of subscriptionPositionsSqlV2('catalog')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "catalog"."subscription_positions" DROP COLUMN configuration_error_since`);
  }
}
