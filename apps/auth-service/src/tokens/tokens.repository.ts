import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TokenKind, TokenRecord } from './token.record.js';

interface Row {
  token_hash: string;
  kind: TokenKind;
  project_key: string;
  client_id: string;
  scope: string;
  expires_at: Date;
  created_at: Date;
  customer_id: string | null;
  anonymous_id: string | null;
  store_key: string | null;
  refresh_token_hash: string | null;
}

function toRecord(row: Row): TokenRecord {
  return {
    tokenHash: row.token_hash,
    kind: row.kind,
    projectKey: row.project_key,
    clientId: row.client_id,
    scope: row.scope,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    customerId: row.customer_id ?? undefined,
    anonymousId: row.anonymous_id ?? undefined,
    storeKey: row.store_key ?? undefined,
    refreshTokenHash: row.refresh_token_hash ?? undefined,
  };
}

@Injectable()
export class TokensRepository {
  constructor(private readonly db: DataSource) {}

  async insert(token: TokenRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO "auth"."tokens" (token_hash, kind, project_key, client_id, scope, expires_at, created_at,
         last_used_at, customer_id, anonymous_id, store_key, refresh_token_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11)`,
      [
        token.tokenHash,
        token.kind,
        token.projectKey,
        token.clientId,
        token.scope,
        token.expiresAt,
        token.createdAt,
        token.customerId ?? null,
        token.anonymousId ?? null,
        token.storeKey ?? null,
        token.refreshTokenHash ?? null,
      ],
    );
  }

  /** A live token of the given kind, or undefined when unknown, expired or revoked (deleted). */
  async findActive(tokenHash: string, kind: TokenKind): Promise<TokenRecord | undefined> {
    const rows = await this.db.query<Row[]>(
      `SELECT * FROM "auth"."tokens" WHERE token_hash = $1 AND kind = $2 AND expires_at > now()`,
      [tokenHash, kind],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }
}
