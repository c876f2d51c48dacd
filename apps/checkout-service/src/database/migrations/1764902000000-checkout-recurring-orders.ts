import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurrence policies, recurring orders and payment methods (beta), and the scheduler's claims: one row per
 * recurring order and due time, inserted in the transaction that orders (or skips) it, so two replicas can
 * never both commit the same due time. The partial index serves the scheduler's look for due orders.
 */
export class CheckoutRecurringOrders1764902000000 implements MigrationInterface {
  name = 'CheckoutRecurringOrders1764902000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['recurrence_policies', 'recurring_orders', 'payment_methods'])
      for (const statement of documentTableSqlV3('checkout', table)) await db.query(statement);
    await db.query(`CREATE TABLE "checkout"."recurring_order_runs" (
      project_key text NOT NULL,
      recurring_order_id text NOT NULL,
      due_at timestamptz NOT NULL,
      order_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (recurring_order_id, due_at)
    )`);
    await db.query(`CREATE INDEX recurring_orders_due_idx ON "checkout"."recurring_orders"
      ((coalesce(doc->>'resumesAt', doc->>'nextOrderAt')))
      WHERE doc->>'recurringOrderState' IN ('Active', 'Paused')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."recurring_order_runs"`);
    for (const table of ['payment_methods', 'recurring_orders', 'recurrence_policies'])
      await db.query(`DROP TABLE "checkout"."${table}"`);
  }
}
