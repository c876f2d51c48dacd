import type { Queryable } from '@commerce/persistence';
import type { TokenResponse } from '@commerce/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import {
  DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS,
  DEFAULT_REFRESH_TOKEN_VALIDITY_SECONDS,
} from '../api-clients/api-client.record.js';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';
import { hashSecret, randomToken } from './secrets.js';
import { TokensRepository } from './tokens.repository.js';

export interface Grant {
  client: ApiClientRecord;
  /** Permission and identity scopes, in the order they are answered. */
  scopes: string[];
  customerId?: string;
  anonymousId?: string;
  storeKey?: string;
}

export const accessValidityOf = (client: ApiClientRecord) =>
  client.accessTokenValiditySeconds ?? DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS;
export const refreshValidityOf = (client: ApiClientRecord) =>
  client.refreshTokenValiditySeconds ?? DEFAULT_REFRESH_TOKEN_VALIDITY_SECONDS;

/**
 * Mints tokens: 256-bit random values stored only as hashes. An access token lives for the client's access
 * validity; a refresh token for the client's refresh validity after its last use. Issuing a refresh token keeps
 * the project within its refresh token limit, deleting the least recently used ones beyond it.
 */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: TokensRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** An access token; with `refreshTokenHash` it belongs to that refresh token's family. */
  async issueAccessToken(grant: Grant, refreshTokenHash?: string, now = new Date()): Promise<TokenResponse> {
    const accessToken = randomToken();
    const validity = accessValidityOf(grant.client);
    const scope = grant.scopes.join(' ');
    await this.tokens.insert(
      this.record(grant, hashSecret(accessToken), 'access', validity, now, refreshTokenHash),
    );
    return { access_token: accessToken, token_type: 'Bearer', expires_in: validity, scope };
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
    const validity = accessValidityOf(grant.client);
    await this.db.transaction(async (tx) => {
      if (before) await before(tx);
      await this.tokens.insert(
        this.record(grant, refreshHash, 'refresh', refreshValidityOf(grant.client), now),
        tx,
      );
      await this.tokens.insert(
        this.record(grant, hashSecret(accessToken), 'access', validity, now, refreshHash),
        tx,
      );
      await this.tokens.evictLeastRecentlyUsed(
        tx,
        grant.client.projectKey,
        this.config.REFRESH_TOKENS_MAX_PER_PROJECT,
      );
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: validity,
      scope: grant.scopes.join(' '),
      refresh_token: refreshToken,
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
      expiresAt: new Date(now.getTime() + validitySeconds * 1000),
      createdAt: now,
      customerId: grant.customerId,
      anonymousId: grant.anonymousId,
      storeKey: grant.storeKey,
      refreshTokenHash,
    };
  }
}
