import { identityFromScopes, splitScopes } from '@commerce/auth';
import type { TokenRequest, TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import { requiredParameter } from './requested-scopes.js';
import { hashSecret } from './secrets.js';
import { refreshValidityOf, TokenIssuer } from './token-issuer.service.js';
import { TokensRepository } from './tokens.repository.js';

/**
 * `grant_type=refresh_token`: a new access token for the same client, scope and customer or session. Refresh
 * tokens are not rotated (the answer has no new one, as the public API does); each use restarts the token's
 * validity period. Another client's refresh token is unknown to the caller.
 */
@Injectable()
export class RefreshGrant {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly issuer: TokenIssuer,
  ) {}

  async grant(client: GrantingClient, request: TokenRequest): Promise<TokenResponse> {
    const refreshToken = requiredParameter(request.form, 'refresh_token');
    const refreshHash = hashSecret(refreshToken);
    const record = await this.tokens.useRefreshToken(refreshHash, client.id, refreshValidityOf(client));
    if (!record) throw refreshTokenNotFound();
    const scopes = splitScopes(record.scope);
    const identity = identityFromScopes(scopes);
    const issued = await this.issuer.issueInFamily(
      {
        client,
        scopes,
        customerId: record.customerId ?? identity.customerId,
        anonymousId: record.anonymousId ?? identity.anonymousId,
        storeKey: record.storeKey,
      },
      refreshHash,
    );
    // Revoked between its use and the new token's insert: the revocation wins.
    if (!issued) throw refreshTokenNotFound();
    return issued;
  }
}

const refreshTokenNotFound = () =>
  Errors.invalidGrant('The refresh token was not found. It may have expired.');
