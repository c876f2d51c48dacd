import type { TokenRequest, TokenResponse } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import type { GrantingClient } from '../api-clients/api-client.record.js';
import { CustomersService } from '../customers/customers.service.js';
import { inStoreCustomerScopes } from './in-store-customer-scopes.js';
import { TokenIssuer } from './token-issuer.service.js';

/**
 * The in-store customer grant (`grant_type=urn:commerce:params:oauth:grant-type:in-store-customer` at
 * `/oauth/{projectKey}/in-store/key={storeKey}/customers/token`): a client trusted with
 * `issue_customer_tokens` for a Store gets an access token for one customer of that Store, by `customer_key`
 * or `customer_id`, without the customer's password. The token holds only store scopes of that Store plus
 * `customer_id`, is bound to the Store, and has no refresh token.
 */
@Injectable()
export class InStoreCustomerGrant {
  constructor(
    private readonly customers: CustomersService,
    private readonly issuer: TokenIssuer,
  ) {}

  async grant(client: GrantingClient, request: TokenRequest): Promise<TokenResponse> {
    const storeKey = request.storeKey;
    if (!storeKey) throw Errors.invalidRequest('The in-store customer grant needs a Store.');
    const { customer_key: key, customer_id: id } = request.form;
    if ((key === undefined) === (id === undefined) || key === '' || id === '') {
      throw Errors.invalidRequest('Exactly one of customer_key and customer_id is required.');
    }
    const scopes = inStoreCustomerScopes(client.scope, request.form.scope, client.projectKey, storeKey);
    const customer = await this.customers.findInStore(
      client.projectKey,
      key !== undefined ? { key } : { id: id },
      storeKey,
    );
    if (!customer)
      throw Errors.invalidGrant(`No customer with this ${key !== undefined ? 'key' : 'id'} in the Store.`);
    return this.issuer.issueAccessToken({
      client,
      scopes: [...scopes, `customer_id:${customer.id}`],
      customerId: customer.id,
      storeKey,
    });
  }
}
