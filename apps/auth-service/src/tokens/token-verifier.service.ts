import { identityFromScopes, splitScopes } from '@commerce/auth';
import type { VerifyTokenResult } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { hashSecret } from './secrets.js';
import { TokensRepository } from './tokens.repository.js';

/** Answers the gateway's question "who is this bearer token?". */
@Injectable()
export class TokenVerifier {
  constructor(private readonly tokens: TokensRepository) {}

  async verify(token: unknown): Promise<VerifyTokenResult> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return { active: false };
    const tokenHash = hashSecret(token);
    const record = await this.tokens.findActive(tokenHash, 'access');
    if (!record) return { active: false };
    const scopes = splitScopes(record.scope);
    const identity = identityFromScopes(scopes);
    return {
      active: true,
      principal: {
        projectKey: record.projectKey,
        clientId: record.clientId,
        scopes,
        expiresAt: Math.floor(record.expiresAt.getTime() / 1000),
        tokenHash,
        ...identity,
        ...(record.customerId ? { customerId: record.customerId } : {}),
        ...(record.anonymousId ? { anonymousId: record.anonymousId } : {}),
        ...(record.storeKey ? { storeKey: record.storeKey } : {}),
      },
    };
  }
}
