import { IN_STORE_CUSTOMER_GRANT_TYPE, type TokenRequest, type TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import { AnonymousGrant } from './anonymous-grant.service.js';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { InStoreCustomerGrant } from './in-store-customer-grant.service.js';
import { PasswordGrant } from './password-grant.service.js';
import { RefreshGrant } from './refresh-grant.service.js';
import { grantedScopes } from './requested-scopes.js';
import { TokenIssuer } from './token-issuer.service.js';

/** The OAuth 2.0 grants of `POST /oauth/...`: which grant each path accepts. */
@Injectable()
export class TokenGrantsService {
  constructor(
    private readonly authenticator: ClientAuthenticator,
    private readonly issuer: TokenIssuer,
    private readonly password: PasswordGrant,
    private readonly anonymous: AnonymousGrant,
    private readonly refresh: RefreshGrant,
    private readonly inStoreCustomer: InStoreCustomerGrant,
  ) {}

  async grant(request: TokenRequest): Promise<TokenResponse> {
    const client = await this.authenticator.authenticate(request.credentials, request.projectKey);
    const form = request.form ?? {};
    const grantType = form.grant_type;
    if (!grantType) throw Errors.invalidRequest('Missing required parameter: grant_type.');
    const safe = { ...request, form };
    switch (request.path) {
      case 'token':
        if (grantType === 'client_credentials') {
          return this.issuer.issueAccessToken({ client, scopes: grantedScopes(client, form.scope) });
        }
        if (grantType === 'refresh_token') return this.refresh.grant(client, safe);
        break;
      case 'customers':
        if (grantType === 'password') return this.password.grant(client, safe);
        break;
      case 'in-store-customers':
        if (grantType === 'password') return this.password.grant(client, safe);
        if (grantType === IN_STORE_CUSTOMER_GRANT_TYPE) return this.inStoreCustomer.grant(client, safe);
        break;
      case 'anonymous':
        if (grantType === 'client_credentials') return this.anonymous.grant(client, safe);
        break;
    }
    throw Errors.unsupportedGrantType(grantType);
  }
}
