import { subscriptionPositionsSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where delivery of the checkout schema's Messages stands per Subscription (SubscriptionDelivery). */
export class CheckoutSubscriptions1765100000000 implements MigrationInterface {
  name = 'CheckoutSubscriptions1765100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of subscriptionPositionsSqlV1('checkout')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."subscription_positions"`);
  }
}
