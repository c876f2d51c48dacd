import { subscriptionPositionsSqlV2 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Since when a Subscription's destination refuses with configuration errors (delivery stops after a while). */
export class AuthSubscriptionStop1765200000000 implements MigrationInterface {
  name = 'AuthSubscriptionStop1765200000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of subscriptionPositionsSqlV2('auth')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "auth"."subscription_positions" DROP COLUMN configuration_error_since`);
  }
}
