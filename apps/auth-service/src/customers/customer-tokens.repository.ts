import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';

export type CustomerTokenKind = 'password' | 'email';

export interface CustomerTokenRow {
  id: string;
  kind: CustomerTokenKind;
  customer_id: string;
  invalidate_older_tokens: boolean;
  created_at: Date;
  expires_at: Date;
}

/** Password-reset and e-mail-verification tokens, by their SHA-256 hash. Every statement filters by project. */
@Injectable()
export class CustomerTokensRepository {
  async insert(
    db: Queryable,
    projectKey: string,
    tokenHash: string,
    row: Omit<CustomerTokenRow, 'created_at'> & { created_at: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO "auth"."customer_tokens"
         (token_hash, id, kind, project_key, customer_id, invalidate_older_tokens, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        tokenHash,
        row.id,
        row.kind,
        projectKey,
        row.customer_id,
        row.invalidate_older_tokens,
        row.created_at,
        row.expires_at,
      ],
    );
  }

  async find(
    db: Queryable,
    projectKey: string,
    kind: CustomerTokenKind,
    tokenHash: string,
  ): Promise<CustomerTokenRow | undefined> {
    const rows = await db.query<CustomerTokenRow[]>(
      `SELECT id, kind, customer_id, invalidate_older_tokens, created_at, expires_at FROM "auth"."customer_tokens"
       WHERE project_key = $1 AND kind = $2 AND token_hash = $3`,
      [projectKey, kind, tokenHash],
    );
    return rows[0];
  }

  /** Redeems a token: deletes it and reports whether it was still there (single use, even under races). */
  async consume(
    db: Queryable,
    projectKey: string,
    kind: CustomerTokenKind,
    tokenHash: string,
  ): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `WITH gone AS (DELETE FROM "auth"."customer_tokens" WHERE project_key = $1 AND kind = $2 AND token_hash = $3
         RETURNING 1) SELECT * FROM gone`,
      [projectKey, kind, tokenHash],
    );
    return rows.length > 0;
  }

  /** Deletes every token of one kind of a customer (older tokens invalidated, or the e-mail changed). */
  async deleteForCustomer(
    db: Queryable,
    projectKey: string,
    customerId: string,
    kind: CustomerTokenKind,
  ): Promise<void> {
    await db.query(
      `DELETE FROM "auth"."customer_tokens" WHERE project_key = $1 AND customer_id = $2 AND kind = $3`,
      [projectKey, customerId, kind],
    );
  }

  /** Deletes a customer's tokens that expired before `before` (kept a while to answer "expired", not "unknown"). */
  async deleteExpiredOf(db: Queryable, projectKey: string, customerId: string, before: Date): Promise<void> {
    await db.query(
      `DELETE FROM "auth"."customer_tokens" WHERE project_key = $1 AND customer_id = $2 AND expires_at < $3`,
      [projectKey, customerId, before],
    );
  }
}
