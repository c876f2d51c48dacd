import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A token can not outlive its owner: it references its API client and its customer, so a token written while
 * its owner is being deleted either waits for the deletion and fails, or is deleted with the owner (the
 * insert holds a key-share lock on the owner's row). Tokens already orphaned are removed, and tokens of a
 * client with a `deleteAt` expire by then at the latest.
 */
export class AuthTokenOwners1764200000000 implements MigrationInterface {
  name = 'AuthTokenOwners1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `DELETE FROM "auth"."tokens" t WHERE NOT EXISTS (SELECT 1 FROM "auth"."api_clients" c WHERE c.id = t.client_id)`,
    );
    await db.query(
      `DELETE FROM "auth"."tokens" t
       WHERE t.customer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "auth"."customers" c WHERE c.id = t.customer_id)`,
    );
    await db.query(
      `UPDATE "auth"."tokens" t SET expires_at = c.delete_at FROM "auth"."api_clients" c
       WHERE c.id = t.client_id AND c.delete_at IS NOT NULL AND t.expires_at > c.delete_at`,
    );
    await db.query(
      `ALTER TABLE "auth"."tokens" ADD CONSTRAINT tokens_client_fk
         FOREIGN KEY (client_id) REFERENCES "auth"."api_clients"(id) ON DELETE CASCADE`,
    );
    // The cascade looks tokens up by customer id alone: the index leads with it.
    await db.query(`DROP INDEX "auth"."tokens_customer_idx"`);
    await db.query(
      `CREATE INDEX tokens_customer_idx ON "auth"."tokens" (customer_id) WHERE customer_id IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE "auth"."tokens" ADD CONSTRAINT tokens_customer_fk
         FOREIGN KEY (customer_id) REFERENCES "auth"."customers"(id) ON DELETE CASCADE`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "auth"."tokens" DROP CONSTRAINT tokens_customer_fk`);
    await db.query(`ALTER TABLE "auth"."tokens" DROP CONSTRAINT tokens_client_fk`);
    await db.query(`DROP INDEX "auth"."tokens_customer_idx"`);
    await db.query(
      `CREATE INDEX tokens_customer_idx ON "auth"."tokens" (project_key, customer_id) WHERE customer_id IS NOT NULL`,
    );
  }
}
