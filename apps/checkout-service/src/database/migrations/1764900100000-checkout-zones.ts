import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zones, and the index that keeps a location in at most one Zone of a project: `zone_locations` holds each
 * Zone's locations (a state-less location with state ''), kept by a trigger in the statement that writes the
 * Zone, so two writes racing for one location cannot both commit (the second is a unique violation,
 * `DuplicateField` on `locations`).
 */
export class CheckoutZones1764900100000 implements MigrationInterface {
  name = 'CheckoutZones1764900100000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'zones')) await db.query(statement);
    await db.query(`CREATE TABLE "checkout"."zone_locations" (
      project_key text NOT NULL,
      zone_id text NOT NULL,
      country text NOT NULL,
      state text NOT NULL
    )`);
    await db.query(
      `CREATE UNIQUE INDEX zone_locations_locations_uq ON "checkout"."zone_locations" (project_key, country, state)`,
    );
    await db.query(`CREATE INDEX zone_locations_zone_idx ON "checkout"."zone_locations" (zone_id)`);
    await db.query(`CREATE FUNCTION "checkout"."zone_locations_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM "checkout"."zone_locations" WHERE zone_id = OLD.id;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO "checkout"."zone_locations" (project_key, zone_id, country, state)
          SELECT DISTINCT NEW.project_key, NEW.id, location->>'country', coalesce(location->>'state', '')
          FROM jsonb_array_elements(NEW.doc->'locations') AS location;
        END IF;
        RETURN NULL;
      END
    $$`);
    await db.query(`CREATE TRIGGER zones_locations_sync AFTER INSERT OR DELETE OR UPDATE OF doc
      ON "checkout"."zones" FOR EACH ROW EXECUTE FUNCTION "checkout"."zone_locations_sync"()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."zones"`);
    await db.query(`DROP FUNCTION "checkout"."zone_locations_sync"()`);
    await db.query(`DROP TABLE "checkout"."zone_locations"`);
  }
}
