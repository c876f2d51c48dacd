import {
  messagesRelaySqlV1,
  messagesTableSqlV1,
  referenceTablesDown,
  referenceTablesUp,
} from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The schema every resource-owning service has: the Messages table with the relay's position
 * (docs/CONSISTENCY.md, Messages) and the tables of the cross-service reference protocol.
 */
export class CheckoutInitial1764900000000 implements MigrationInterface {
  name = 'CheckoutInitial1764900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messagesTableSqlV1('checkout')) await db.query(statement);
    for (const statement of messagesRelaySqlV1('checkout')) await db.query(statement);
    await db.query(`DROP INDEX "checkout"."messages_project_id_idx"`);
    for (const statement of referenceTablesUp('checkout')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesDown('checkout')) await db.query(statement);
    await db.query(`DROP TABLE "checkout"."message_relay"`);
    await db.query(`DROP TABLE "checkout"."messages"`);
  }
}
