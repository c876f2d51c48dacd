import { preparedQuery, type Queryable } from '@commerce/persistence';
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
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
    customerId: row.customer_id ?? undefined,
    anonymousId: row.anonymous_id ?? undefined,
    storeKey: row.store_key ?? undefined,
    refreshTokenHash: row.refresh_token_hash ?? undefined,
  };
}

const TOKENS = '"auth"."tokens"';

/** Hashes of the access tokens a statement deleted: each must be announced as revoked. */
type Deleted = Array<{ token_hash: string; kind: TokenKind }>;
const accessHashes = (rows: Deleted) =>
  rows.filter((row) => row.kind === 'access').map((row) => row.token_hash);

@Injectable()
export class TokensRepository {
  constructor(private readonly db: DataSource) {}

  async insert(token: TokenRecord, db: Queryable = this.db): Promise<void> {
    await preparedQuery(
      db,
      'auth_tokens_insert',
      `INSERT INTO ${TOKENS} (token_hash, kind, project_key, client_id, scope, expires_at, created_at,
         last_used_at, customer_id, anonymous_id, store_key, refresh_token_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11)`,
      insertParameters(token),
    );
  }

  /**
   * Inserts an access token of a refresh token's family only while that refresh token exists, in one
   * statement that holds a key-share lock on the refresh token's row until it commits. A revocation locks
   * that row before it deletes the family (`deleteFamily`), so it either waits for this token and deletes it
   * too, or has deleted the refresh token first and nothing is inserted. False when nothing was.
   */
  async insertInFamily(token: TokenRecord & { refreshTokenHash: string }): Promise<boolean> {
    const rows = await preparedQuery<unknown>(
      this.db,
      'auth_tokens_insert_in_family',
      `INSERT INTO ${TOKENS} (token_hash, kind, project_key, client_id, scope, expires_at, created_at,
         last_used_at, customer_id, anonymous_id, store_key, refresh_token_hash)
       SELECT $1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, r.token_hash FROM ${TOKENS} r
       WHERE r.token_hash = $11 AND r.kind = 'refresh' FOR KEY SHARE OF r
       RETURNING 1`,
      insertParameters(token),
    );
    return rows.length === 1;
  }

  /** A live token (of the given kind, or of any), or undefined when unknown, expired or revoked. */
  async findActive(tokenHash: string, kind?: TokenKind): Promise<TokenRecord | undefined> {
    const rows = await preparedQuery<Row>(
      this.db,
      'auth_tokens_active',
      `SELECT * FROM ${TOKENS} WHERE token_hash = $1 AND ($2::text IS NULL OR kind = $2) AND expires_at > now()`,
      [tokenHash, kind ?? null],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /**
   * Uses a live refresh token of the client: its validity restarts (it expires `validitySeconds` after this
   * last use, never after the client's `deleteAt`). Undefined when it is unknown, expired, revoked or another
   * client's.
   */
  async useRefreshToken(
    tokenHash: string,
    clientId: string,
    validitySeconds: number,
  ): Promise<TokenRecord | undefined> {
    const rows = await this.db.query<Row[]>(
      `WITH used AS (
         UPDATE ${TOKENS} SET last_used_at = now(), expires_at = LEAST(now() + make_interval(secs => $3),
           (SELECT delete_at FROM "auth"."api_clients" WHERE id = $2))
         WHERE token_hash = $1 AND kind = 'refresh' AND client_id = $2 AND expires_at > now() RETURNING *)
       SELECT * FROM used`,
      [tokenHash, clientId, validitySeconds],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /**
   * Deletes a token; a refresh token takes the access tokens issued with it along. Returns revoked access
   * hashes. A refresh token's row is locked first, so a grant minting into its family (`insertInFamily`) has
   * committed by the time the family is deleted, by a second statement that therefore sees its token.
   */
  async deleteFamily(token: TokenRecord): Promise<string[]> {
    const family = token.kind === 'refresh';
    const rows = await this.db.transaction(async (tx) => {
      if (family) {
        await tx.query(`SELECT 1 FROM ${TOKENS} WHERE token_hash = $1 FOR UPDATE`, [token.tokenHash]);
      }
      return tx.query<Deleted>(
        `WITH gone AS (
           DELETE FROM ${TOKENS} WHERE token_hash = $1 OR ($2 AND refresh_token_hash = $1) RETURNING token_hash, kind)
         SELECT * FROM gone`,
        [token.tokenHash, family],
      );
    });
    return accessHashes(rows);
  }

  /** Deletes every token of an API client. Returns the revoked access token hashes. */
  async deleteByClient(clientId: string, db: Queryable = this.db): Promise<string[]> {
    const rows = await db.query<Deleted>(
      `WITH gone AS (DELETE FROM ${TOKENS} WHERE client_id = $1 RETURNING token_hash, kind) SELECT * FROM gone`,
      [clientId],
    );
    return accessHashes(rows);
  }

  /** Deletes every token of a customer. Returns the revoked access token hashes. */
  async deleteByCustomer(projectKey: string, customerId: string, db: Queryable = this.db): Promise<string[]> {
    const rows = await db.query<Deleted>(
      `WITH gone AS (
         DELETE FROM ${TOKENS} WHERE project_key = $1 AND customer_id = $2 RETURNING token_hash, kind)
       SELECT * FROM gone`,
      [projectKey, customerId],
    );
    return accessHashes(rows);
  }

  /**
   * Keeps at most `max` refresh tokens in the project by deleting the least recently used beyond that. Run in
   * the transaction that inserted a refresh token: its count row is locked by then, so concurrent grants of
   * one project take turns and never delete more than needed.
   */
  async evictLeastRecentlyUsed(db: Queryable, projectKey: string, max: number): Promise<number> {
    const rows = await db.query<unknown[]>(
      `WITH excess AS (
         SELECT GREATEST(coalesce((SELECT n FROM "auth"."refresh_token_counts" WHERE project_key = $1), 0) - $2, 0) AS k),
       victims AS (
         SELECT token_hash FROM ${TOKENS} WHERE project_key = $1 AND kind = 'refresh'
         ORDER BY last_used_at ASC LIMIT (SELECT k FROM excess)),
       gone AS (DELETE FROM ${TOKENS} WHERE token_hash IN (SELECT token_hash FROM victims) RETURNING 1)
       SELECT * FROM gone`,
      [projectKey, max],
    );
    return rows.length;
  }

  async countRefreshTokens(projectKey: string): Promise<number> {
    const rows = await this.db.query<Array<{ n: string }>>(
      `SELECT n FROM "auth"."refresh_token_counts" WHERE project_key = $1`,
      [projectKey],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Deletes up to `batch` expired tokens; returns how many. */
  async deleteExpired(batch: number): Promise<number> {
    const rows = await this.db.query<unknown[]>(
      `WITH gone AS (
         DELETE FROM ${TOKENS} WHERE token_hash IN (
           SELECT token_hash FROM ${TOKENS} WHERE expires_at <= now() LIMIT $1) RETURNING 1)
       SELECT * FROM gone`,
      [batch],
    );
    return rows.length;
  }

  /** Claims an anonymous session id for the project; false if it was used before. */
  async claimAnonymousId(
    db: Queryable,
    projectKey: string,
    anonymousId: string,
    now: Date,
  ): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `INSERT INTO "auth"."anonymous_ids" (project_key, anonymous_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [projectKey, anonymousId, now],
    );
    return rows.length === 1;
  }
}

/** The parameters of a token's INSERT, in the order of its columns (`$11` is the refresh token's hash). */
function insertParameters(token: TokenRecord): unknown[] {
  return [
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
  ];
}
