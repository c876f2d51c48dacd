import type { TokenResponse } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import { DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS } from '../api-clients/api-client.record.js';
import { hashSecret, randomToken } from './secrets.js';
import { TokensRepository } from './tokens.repository.js';

export interface Grant {
  client: ApiClientRecord;
  scopes: string[];
  customerId?: string;
  anonymousId?: string;
  storeKey?: string;
}

/** Mints access tokens: random, stored only as a hash, valid for the client's configured period. */
@Injectable()
export class TokenIssuer {
  constructor(private readonly tokens: TokensRepository) {}

  async issueAccessToken(grant: Grant, now = new Date()): Promise<TokenResponse> {
    const accessToken = randomToken();
    const validity = grant.client.accessTokenValiditySeconds ?? DEFAULT_ACCESS_TOKEN_VALIDITY_SECONDS;
    const scope = grant.scopes.join(' ');
    await this.tokens.insert({
      tokenHash: hashSecret(accessToken),
      kind: 'access',
      projectKey: grant.client.projectKey,
      clientId: grant.client.id,
      scope,
      expiresAt: new Date(now.getTime() + validity * 1000),
      createdAt: now,
      customerId: grant.customerId,
      anonymousId: grant.anonymousId,
      storeKey: grant.storeKey,
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: validity, scope };
  }
}
