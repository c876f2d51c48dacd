import { satisfies, splitScopes } from '@commerce/auth';
import type { IntrospectionResponse, OAuthClientRequest } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { hashSecret } from './secrets.js';
import { TokensRepository } from './tokens.repository.js';

const INACTIVE: IntrospectionResponse = { active: false };

/**
 * RFC 7662 introspection of the tokens this service issued. A client may introspect its own tokens; one with
 * `introspect_oauth_tokens:{projectKey}` (implied by `manage_project`) any token of that project. Anything
 * else, and any unusable token, is `active: false` and nothing more.
 */
@Injectable()
export class IntrospectionService {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly tokens: TokensRepository,
  ) {}

  async introspect(request: OAuthClientRequest): Promise<IntrospectionResponse> {
    const caller = await this.authenticator.authenticate(request.credentials);
    const token = request.form?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 512) return INACTIVE;
    const record = await this.tokens.findActive(hashSecret(token));
    if (!record) return INACTIVE;
    const allowed =
      record.clientId === caller.id ||
      satisfies(splitScopes(caller.scope), ['introspect_oauth_tokens'], record.projectKey);
    if (!allowed) return INACTIVE;
    return {
      active: true,
      scope: record.scope,
      exp: Math.floor(record.expiresAt.getTime() / 1000),
      client_id: record.clientId,
    };
  }
}
