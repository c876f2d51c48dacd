import { searchFuzzyFunctionSql } from '@commerce/query';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `catalog.search_fuzzy`, the edit-distance test of Product Search's `fuzzy` expression. */
export class CatalogSearchFuzzy1764600000000 implements MigrationInterface {
  name = 'CatalogSearchFuzzy1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(searchFuzzyFunctionSql('catalog'));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION IF EXISTS "catalog"."search_fuzzy"(text, text, int)`);
  }
}
