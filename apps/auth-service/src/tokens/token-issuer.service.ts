import type { Queryable } from '@commerce/persistence';
import type { TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import {
  DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS,
  DEFAULT_REFRESH_TOKEN_VALIDITY_SECONDS,
} from '../api-clients/api-client.record.js';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';
import { hashSecret, randomToken } from './secrets.js';
import { TokensRepository } from './tokens.repository.js';

export interface Grant {
  client: GrantingClient;
  /** Permission and identity scopes, in the order they are answered. */
  scopes: string[];
  customerId?: string;
  anonymousId?: string;
  storeKey?: string;
}

export const accessValidityOf = (client: GrantingClient) =>
  client.accessTokenValiditySeconds ?? DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS;
export const refreshValidityOf = (client: GrantingClient) =>
  client.refreshTokenValiditySeconds ?? DEFAULT_REFRESH_TOKEN_VALIDITY_SECONDS;

/** A token expires after its validity, and never after its client's `deleteAt`. */
export function expiryOf(client: GrantingClient, validitySeconds: number, now: Date): Date {
  const end = now.getTime() + validitySeconds * 1000;
  return new Date(client.deleteAt ? Math.min(end, client.deleteAt.getTime()) : end);
}

/** Seconds from `now` until `expiresAt`, as `expires_in` states them. */
export const secondsUntil = (expiresAt: Date, now: Date) =>
  Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));

/**
 * A token's owner (its client or customer) was deleted while the token was being written: the foreign key
 * refused it, and the grant fails as it would have a moment later.
 */
async function unlessOwnerGone<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23503' && constraint === 'tokens_client_fk') throw Errors.invalidClient();
    if (code === '23503' && constraint === 'tokens_customer_fk')
      throw Errors.invalidCustomerAccountCredentials();
    throw error;
  }
}

/**
 * Mints tokens: 256-bit random values stored only as hashes. An access token lives for the client's access
 * validity; a refresh token for the client's refresh validity after its last use; neither past the client's
 * `deleteAt`. Issuing a refresh token keeps
 * the project within its refresh token limit, deleting the least recently used ones beyond it.
 */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: TokensRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** An access token of no refresh token's family. */
  async issueAccessToken(grant: Grant, now = new Date()): Promise<TokenResponse> {
    const accessToken = randomToken();
    const record = this.record(grant, hashSecret(accessToken), 'access', accessValidityOf(grant.client), now);
    await unlessOwnerGone(this.tokens.insert(record));
    return this.accessResponse(accessToken, record.expiresAt, grant, now);
  }

  /**
   * An access token of a refresh token's family, or undefined when that refresh token is gone (revoked,
   * evicted or swept meanwhile): a revocation of the family wins over a grant racing it.
   */
  async issueInFamily(
    grant: Grant,
    refreshTokenHash: string,
    now = new Date(),
  ): Promise<TokenResponse | undefined> {
    const accessToken = randomToken();
    const record = {
      ...this.record(grant, hashSecret(accessToken), 'access', accessValidityOf(grant.client), now),
      refreshTokenHash,
    };
    if (!(await unlessOwnerGone(this.tokens.insertInFamily(record)))) return undefined;
    return this.accessResponse(accessToken, record.expiresAt, grant, now);
  }

  /**
   * An access token and a refresh token, written in one transaction that also enforces the refresh token
   * limit. `before` runs first in that transaction (e.g. claiming an anonymous id).
   */
  async issueWithRefreshToken(
    grant: Grant,
    before?: (db: Queryable) => Promise<void>,
    now = new Date(),
  ): Promise<TokenResponse> {
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const refreshHash = hashSecret(refreshToken);
    const access = this.record(
      grant,
      hashSecret(accessToken),
      'access',
      accessValidityOf(grant.client),
      now,
      refreshHash,
    );
    await unlessOwnerGone(
      this.db.transaction(async (tx) => {
        if (before) await before(tx);
        await this.tokens.insert(
          this.record(grant, refreshHash, 'refresh', refreshValidityOf(grant.client), now),
          tx,
        );
        await this.tokens.insert(access, tx);
        await this.tokens.evictLeastRecentlyUsed(
          tx,
          grant.client.projectKey,
          this.config.REFRESH_TOKENS_MAX_PER_PROJECT,
        );
      }),
    );
    return { ...this.accessResponse(accessToken, access.expiresAt, grant, now), refresh_token: refreshToken };
  }

  private accessResponse(accessToken: string, expiresAt: Date, grant: Grant, now: Date): TokenResponse {
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: secondsUntil(expiresAt, now),
      scope: grant.scopes.join(' '),
    };
  }

  private record(
    grant: Grant,
    tokenHash: string,
    kind: 'access' | 'refresh',
    validitySeconds: number,
    now: Date,
    refreshTokenHash?: string,
  ) {
    return {
      tokenHash,
      kind,
      projectKey: grant.client.projectKey,
      clientId: grant.client.id,
      scope: grant.scopes.join(' '),
      expiresAt: expiryOf(grant.client, validitySeconds, now),
      createdAt: now,
      customerId: grant.customerId,
      anonymousId: grant.anonymousId,
      storeKey: grant.storeKey,
      refreshTokenHash,
    };
  }
}
