import { messageSequenceSqlV1, messagesRelaySqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['stores'];

/**
 * Each resource counts its own Messages on its row (`message_seq`, from the Messages kept so far), and the
 * relay keeps a position instead of marking every published Message (docs/CONSISTENCY.md, Messages).
 */
export class StoresMessageRelay1764400000000 implements MigrationInterface {
  name = 'StoresMessageRelay1764400000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messageSequenceSqlV1('stores', TABLES)) await db.query(statement);
    for (const statement of messagesRelaySqlV1('stores')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "stores"."message_relay"`);
    await db.query(`DROP INDEX "stores"."messages_tx_idx"`);
    await db.query(`ALTER TABLE "stores"."messages" ADD COLUMN published_at timestamptz DEFAULT now()`);
    await db.query(`ALTER TABLE "stores"."messages" ALTER COLUMN published_at DROP DEFAULT`);
    await db.query(
      `CREATE INDEX messages_unpublished_idx ON "stores"."messages" (created_at) WHERE published_at IS NULL`,
    );
    await db.query(`ALTER TABLE "stores"."messages" DROP COLUMN gid, DROP COLUMN tx`);
    for (const table of TABLES) await db.query(`ALTER TABLE "stores"."${table}" DROP COLUMN message_seq`);
  }
}
