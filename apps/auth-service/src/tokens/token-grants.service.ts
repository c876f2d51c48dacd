import { covers, splitScopes } from '@commerce/auth';
import type { TokenRequest, TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { ApiClientRecord } from '../api-clients/api-client.record.js';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { TokenIssuer } from './token-issuer.service.js';

/** The OAuth 2.0 grants of `POST /oauth/...`. */
@Injectable()
export class TokenGrantsService {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly issuer: TokenIssuer,
  ) {}

  async grant(request: TokenRequest): Promise<TokenResponse> {
    const client = await this.authenticator.authenticate(request.credentials);
    const grantType = request.form?.grant_type;
    if (!grantType) throw Errors.invalidRequest('Missing required parameter: grant_type.');
    if (request.path === 'token' && grantType === 'client_credentials') {
      return this.issuer.issueAccessToken({ client, scopes: this.grantedScopes(client, request.form.scope) });
    }
    throw Errors.unsupportedGrantType(grantType);
  }

  /** The requested scopes when the client's scopes cover each of them; all the client's scopes if none. */
  private grantedScopes(client: ApiClientRecord, requested: string | undefined): string[] {
    const clientScopes = splitScopes(client.scope);
    const scopes = splitScopes(requested);
    if (scopes.length === 0) return clientScopes;
    if (!scopes.every((scope) => covers(clientScopes, scope))) throw Errors.invalidScope();
    return [...new Set(scopes)];
  }
}
