import { documentTableSqlV1 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The resources a Store refers to: channels, customer groups, types, product types, product selections, products. */
export class CatalogInitial1763700000000 implements MigrationInterface {
  name = 'CatalogInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of [
      'channels',
      'customer_groups',
      'types',
      'product_types',
      'product_selections',
      'products',
    ]) {
      for (const statement of documentTableSqlV1('catalog', table)) await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'products',
      'product_selections',
      'product_types',
      'types',
      'customer_groups',
      'channels',
    ]) {
      await db.query(`DROP TABLE "catalog"."${table}"`);
    }
  }
}
