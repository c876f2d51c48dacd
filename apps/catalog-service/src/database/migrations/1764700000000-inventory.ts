import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory entries (one per SKU and supply channel, the entry without a channel counting as channel '') and
 * orders' reservations (docs/CONSISTENCY.md, "Inventory reservations").
 */
export class CatalogInventory1764700000000 implements MigrationInterface {
  name = 'CatalogInventory1764700000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('catalog', 'inventory_entries')) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX inventory_entries_sku_uq ON "catalog"."inventory_entries"
       (project_key, (doc->>'sku'), (COALESCE(doc#>>'{supplyChannel,id}', '')))`,
    );
    await db.query(`CREATE TABLE "catalog"."inventory_reservations" (
      project_key text NOT NULL,
      order_id text NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'committed', 'released')),
      items jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      checked_at timestamptz,
      PRIMARY KEY (project_key, order_id)
    )`);
    await db.query(
      `CREATE INDEX inventory_reservations_pending_idx ON "catalog"."inventory_reservations" (created_at)
       WHERE state = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."inventory_reservations"`);
    await db.query(`DROP TABLE "catalog"."inventory_entries"`);
  }
}
