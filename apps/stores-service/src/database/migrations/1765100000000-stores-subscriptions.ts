import { subscriptionPositionsSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where delivery of the stores schema's Messages stands per Subscription (SubscriptionDelivery). */
export class StoresSubscriptions1765100000000 implements MigrationInterface {
  name = 'StoresSubscriptions1765100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of subscriptionPositionsSqlV1('stores')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "stores"."subscription_positions"`);
  }
}
