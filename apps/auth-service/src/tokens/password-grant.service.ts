import type { TokenRequest, TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import { CustomersService } from '../customers/customers.service.js';
import { passwordMatches } from '../customers/passwords.js';
import { LoginThrottle } from './login-throttle.service.js';
import { grantedScopes, requiredParameter } from './requested-scopes.js';
import { TokenIssuer } from './token-issuer.service.js';

/**
 * The password grant, global and in-store. Throttling comes before any hash is computed; an unknown e-mail
 * and a wrong password give the same answer after the same work.
 */
@Injectable()
export class PasswordGrant {
  constructor(
    private readonly customers: CustomersService,
    private readonly throttle: LoginThrottle,
    private readonly issuer: TokenIssuer,
  ) {}

  async grant(client: GrantingClient, request: TokenRequest): Promise<TokenResponse> {
    const email = requiredParameter(request.form, 'username');
    const password = requiredParameter(request.form, 'password');
    const scopes = grantedScopes(client, request.form.scope);
    const storeKey = request.path === 'in-store-customers' ? request.storeKey : undefined;
    const attempt = await this.throttle.begin({
      projectKey: client.projectKey,
      storeKey,
      email,
      clientId: client.id,
      remoteAddress: request.remoteAddress,
    });
    const found = await this.customers.findForSignIn(client.projectKey, email, storeKey);
    if (!(await passwordMatches(password, found?.passwordHash)) || !found) {
      throw Errors.invalidCustomerAccountCredentials();
    }
    await attempt.succeeded();
    const customerId = found.customer.id;
    return this.issuer.issueWithRefreshToken({
      client,
      scopes: [...scopes, `customer_id:${customerId}`],
      customerId,
      ...(storeKey ? { storeKey } : {}),
    });
  }
}
