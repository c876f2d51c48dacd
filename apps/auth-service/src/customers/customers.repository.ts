import { CustomerShape, type Customer } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { DocumentTable, type Queryable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export const customersTable = new DocumentTable<Customer>('"auth"."customers"', querySchemaOf(CustomerShape));

/** Customers' documents and, apart from them, their password hashes. Every statement filters by project. */
@Injectable()
export class CustomersRepository {
  readonly table = customersTable;

  constructor(private readonly db: DataSource) {}

  /** Locks a customer's row for its deletion: token grants under way finish first, later ones wait and fail. */
  async lockForDeletion(db: Queryable, projectKey: string, id: string): Promise<void> {
    await db.query(`SELECT 1 FROM "auth"."customers" WHERE project_key = $1 AND id = $2 FOR UPDATE`, [
      projectKey,
      id,
    ]);
  }

  /** Customers of the project with this e-mail, ignoring case. */
  async findByEmail(db: Queryable, projectKey: string, email: string): Promise<Customer[]> {
    const rows = await db.query<Array<{ doc: Customer }>>(
      `SELECT doc FROM "auth"."customers" WHERE project_key = $1 AND lower(doc->>'email') = lower($2)`,
      [projectKey, email],
    );
    return rows.map((row) => row.doc);
  }

  /** Serializes sign-ups of one e-mail in a project until the transaction ends. */
  async lockEmail(db: Queryable, projectKey: string, email: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `auth.customers:${projectKey}:${email.toLowerCase()}`,
    ]);
  }

  async insert(db: Queryable, projectKey: string, customer: Customer, passwordHash?: string): Promise<void> {
    try {
      await this.table.insert(db, projectKey, customer);
    } catch (error) {
      if (error instanceof ApiError && error.errors[0].field === 'customerNumber') {
        throw Errors.duplicateField('customerNumber', customer.customerNumber);
      }
      throw error;
    }
    if (passwordHash !== undefined) {
      await db.query(
        `INSERT INTO "auth"."customer_passwords" (customer_id, project_key, password_hash) VALUES ($1, $2, $3)`,
        [customer.id, projectKey, passwordHash],
      );
    }
  }

  /** Sets a customer's password hash, or removes it (`ExternalAuth`). */
  async setPasswordHash(
    db: Queryable,
    projectKey: string,
    customerId: string,
    passwordHash: string | undefined,
  ): Promise<void> {
    if (passwordHash === undefined) {
      await db.query(`DELETE FROM "auth"."customer_passwords" WHERE project_key = $1 AND customer_id = $2`, [
        projectKey,
        customerId,
      ]);
      return;
    }
    await db.query(
      `INSERT INTO "auth"."customer_passwords" (customer_id, project_key, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
      [customerId, projectKey, passwordHash],
    );
  }

  /** Locks a customer's row until the transaction ends (Messages written without a version change). */
  async lockRow(db: Queryable, projectKey: string, customerId: string): Promise<void> {
    await db.query(`SELECT 1 FROM "auth"."customers" WHERE project_key = $1 AND id = $2 FOR UPDATE`, [
      projectKey,
      customerId,
    ]);
  }

  async passwordHash(projectKey: string, customerId: string): Promise<string | undefined> {
    const rows = await this.db.query<Array<{ password_hash: string }>>(
      `SELECT password_hash FROM "auth"."customer_passwords" WHERE project_key = $1 AND customer_id = $2`,
      [projectKey, customerId],
    );
    return rows[0]?.password_hash;
  }
}
