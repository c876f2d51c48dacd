import type { OAuthClientRequest } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { hashSecret } from './secrets.js';
import { TokenRevocations } from './token-revocations.service.js';
import { TokensRepository } from './tokens.repository.js';

/**
 * RFC 7009 revocation. The caller must authenticate; then the answer is always 200 with no body, whether the
 * token was revoked, unknown, another client's (left alone) or missing. The type hint is not needed: both
 * kinds are found by the token's hash. Revoking a refresh token revokes the access tokens issued with it.
 */
@Injectable()
export class RevocationService {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly tokens: TokensRepository,
    private readonly revocations: TokenRevocations,
  ) {}

  async revoke(request: OAuthClientRequest): Promise<Record<string, never>> {
    const caller = await this.authenticator.authenticate(request.credentials);
    const token = request.form?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return {};
    const record = await this.tokens.findActive(hashSecret(token));
    if (record && record.clientId === caller.id) await this.revocations.revoke(record);
    return {};
  }
}
