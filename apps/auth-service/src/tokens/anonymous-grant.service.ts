import { satisfies } from '@commerce/auth';
import type { TokenRequest, TokenResponse } from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import { grantedScopes } from './requested-scopes.js';
import { TokenIssuer } from './token-issuer.service.js';
import { TokensRepository } from './tokens.repository.js';

/** An anonymous id: no whitespace (it travels in a space-separated scope), at most 256 characters. */
const ANONYMOUS_ID = /^[A-Za-z0-9._~:@-]{1,256}$/;

/**
 * Anonymous sessions. The client needs `create_anonymous_token`; the id is generated, or a supplied one is
 * used if no session of the project ever had it (each id is claimed once, for good).
 */
@Injectable()
export class AnonymousGrant {
  constructor(
    private readonly issuer: TokenIssuer,
    private readonly tokens: TokensRepository,
  ) {}

  async grant(client: GrantingClient, request: TokenRequest): Promise<TokenResponse> {
    const projectKey = client.projectKey;
    if (!satisfies(client.scope.split(' '), ['create_anonymous_token'], projectKey)) {
      throw new ApiError({
        code: 'invalid_scope',
        message: `The client needs the scope create_anonymous_token:${projectKey} to create anonymous sessions.`,
      });
    }
    const scopes = grantedScopes(client, request.form.scope);
    const supplied = request.form.anonymous_id;
    if (supplied !== undefined && !ANONYMOUS_ID.test(supplied)) {
      throw Errors.invalidRequest(
        'Invalid parameter: anonymous_id: 1 to 256 letters, digits or ._~:@- expected.',
      );
    }
    const anonymousId = supplied ?? randomUUID();
    const now = new Date();
    return this.issuer.issueWithRefreshToken(
      { client, scopes: [...scopes, `anonymous_id:${anonymousId}`], anonymousId },
      async (tx) => {
        if (!(await this.tokens.claimAnonymousId(tx, projectKey, anonymousId, now))) {
          throw Errors.invalidRequest('Invalid parameter: anonymous_id: the anonymous_id is already in use.');
        }
      },
      now,
    );
  }
}
