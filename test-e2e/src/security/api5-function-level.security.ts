import { KNOWN_PERMISSIONS } from '@commerce/auth';
import {
  clientToken,
  createClient,
  createCustomer,
  createStore,
  passwordGrant,
} from '../auth/auth-helpers.js';
import { platform } from '../support/platform.js';
import { holds, Ledger } from './support/ledger.js';
import { callRoute, describeResponse, isErrorBody, OPERATIONS } from './support/routes.js';

/**
 * Every write route refuses a token holding all view scopes; every route that is not a customer's own
 * (`/me`, sign-up and sign-in of oneself) refuses a customer's token.
 */
describe('API5: function level authorization', () => {
  it('refuses manage routes to view scopes and admin routes to customer tokens', async () => {
    const ledger = new Ledger('API5');
    const { projectKey } = await platform();
    const storeKey = await createStore();
    const viewAll = await createClient(
      [...KNOWN_PERMISSIONS].filter((permission) => permission.startsWith('view_')).map((p) => `${p}:{pk}`),
    );
    const viewToken = await clientToken(viewAll);
    const shop = await createClient(['manage_my_profile:{pk}', 'view_published_products:{pk}']);
    const customer = await createCustomer();
    const signedIn = await passwordGrant(shop, customer.email, customer.password);
    const customerToken = String(signedIn.body.access_token);

    const manageOnly = OPERATIONS.filter(([, operation]) =>
      operation.scopes.every((scope) => !scope.startsWith('view_') && scope !== 'introspect_oauth_tokens'),
    );
    for (const [id, operation] of manageOnly) {
      await ledger.case(`${id} refuses a token with every view scope`, async () => {
        const response = await callRoute(operation, { projectKey, storeKey }, viewToken);
        holds(response.status === 403, describeResponse(response));
        holds(isErrorBody(response, operation.method), `not the error body: ${describeResponse(response)}`);
      });
    }
    const notTheCustomers = OPERATIONS.filter(
      ([, operation]) =>
        !operation.scopes.includes('manage_my_profile') &&
        !operation.scopes.includes('view_published_products'),
    );
    for (const [id, operation] of notTheCustomers) {
      await ledger.case(`${id} refuses a customer token`, async () => {
        const response = await callRoute(operation, { projectKey, storeKey }, customerToken);
        holds(response.status === 403, describeResponse(response));
        holds(isErrorBody(response, operation.method), `not the error body: ${describeResponse(response)}`);
      });
    }
    await ledger.finish();
  });
});
