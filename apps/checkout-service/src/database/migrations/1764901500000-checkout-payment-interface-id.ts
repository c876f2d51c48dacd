import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment's `interfaceId` is unique per payment interface (checkout facts 8: `paymentMethodInfo.
 * paymentInterface`, none counting as one interface). The index is named after the field, so that a clash, from
 * a create or `setInterfaceId`, answers `DuplicateField` on `interfaceId`.
 */
export class CheckoutPaymentInterfaceId1764901500000 implements MigrationInterface {
  name = 'CheckoutPaymentInterfaceId1764901500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE UNIQUE INDEX "payments_interfaceId_uq" ON "checkout"."payments"
         (project_key, (COALESCE(doc->'paymentMethodInfo'->>'paymentInterface', '')), (doc->>'interfaceId'))
         WHERE doc ? 'interfaceId'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "checkout"."payments_interfaceId_uq"`);
  }
}
