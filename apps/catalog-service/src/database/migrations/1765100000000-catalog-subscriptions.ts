import { subscriptionPositionsSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where delivery of the catalog schema's Messages stands per Subscription (SubscriptionDelivery). */
export class CatalogSubscriptions1765100000000 implements MigrationInterface {
  name = 'CatalogSubscriptions1765100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of subscriptionPositionsSqlV1('catalog')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."subscription_positions"`);
  }
}
