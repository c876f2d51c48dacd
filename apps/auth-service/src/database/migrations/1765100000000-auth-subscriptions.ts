import { subscriptionPositionsSqlV1 } from '@commerce/resources';
import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Subscriptions: the documents (secrets masked), their sealed destination secrets, and where delivery of the auth schema's Messages stands per Subscription. */
export class AuthSubscriptions1765100000000 implements MigrationInterface {
  name = 'AuthSubscriptions1765100000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('auth', 'subscriptions')) await db.query(statement);
    await db.query(`CREATE TABLE "auth"."subscription_secrets" (
      project_key text NOT NULL,
      subscription_id text NOT NULL,
      sealed text NOT NULL,
      PRIMARY KEY (project_key, subscription_id)
    )`);
    for (const statement of subscriptionPositionsSqlV1('auth')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."subscription_positions"`);
    await db.query(`DROP TABLE "auth"."subscription_secrets"`);
    await db.query(`DROP TABLE "auth"."subscriptions"`);
  }
}
