import { messageSequenceSqlV1, messagesRelaySqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['customers'];

/**
 * Each resource counts its own Messages on its row (`message_seq`, from the Messages kept so far), and the
 * relay keeps a position instead of marking every published Message (docs/CONSISTENCY.md, Messages).
 */
export class AuthMessageRelay1764400000000 implements MigrationInterface {
  name = 'AuthMessageRelay1764400000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messageSequenceSqlV1('auth', TABLES)) await db.query(statement);
    for (const statement of messagesRelaySqlV1('auth')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."message_relay"`);
    await db.query(`DROP INDEX "auth"."messages_tx_idx"`);
    await db.query(`ALTER TABLE "auth"."messages" ADD COLUMN published_at timestamptz DEFAULT now()`);
    await db.query(`ALTER TABLE "auth"."messages" ALTER COLUMN published_at DROP DEFAULT`);
    await db.query(
      `CREATE INDEX messages_unpublished_idx ON "auth"."messages" (created_at) WHERE published_at IS NULL`,
    );
    await db.query(`ALTER TABLE "auth"."messages" DROP COLUMN gid, DROP COLUMN tx`);
    for (const table of TABLES) await db.query(`ALTER TABLE "auth"."${table}" DROP COLUMN message_seq`);
  }
}
