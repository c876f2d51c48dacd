import { searchFuzzyFunctionSql } from '@commerce/query';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `auth.search_fuzzy`, the edit-distance test of Customer Search's `fuzzy` expression. */
export class AuthSearchFuzzy1764600000000 implements MigrationInterface {
  name = 'AuthSearchFuzzy1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(searchFuzzyFunctionSql('auth'));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION IF EXISTS "auth"."search_fuzzy"(text, text, int)`);
  }
}
