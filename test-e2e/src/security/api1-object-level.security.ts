import { clientToken, createClient, createStore } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { callRoute, describeResponse, isErrorBody, OPERATIONS } from './support/routes.js';

/**
 * A token of one project on every route of another project answers 403 or 404 with the error body, never
 * data: with the ids and keys of resources that exist (in the token's project) and with random ones. A token
 * for one Store gets nothing of another Store.
 */
describe('API1: object level authorization', () => {
  it('refuses every route of another project and of another Store', async () => {
    const ledger = new Ledger('API1');
    const { projectKey, otherProjectKey } = await platform();
    const token = await adminToken();
    const storeKey = await createStore();
    const store = (await api.get(`stores/key=${storeKey}`)).body as { id: string };
    const secret = `${store.id}`;

    for (const [id, operation] of OPERATIONS) {
      for (const idOrKey of [store.id, `key=${storeKey}`, undefined]) {
        await ledger.case(
          `${id} of ${otherProjectKey} with a ${projectKey} token (${idOrKey ?? 'random id'})`,
          async () => {
            const response = await callRoute(
              operation,
              { projectKey: otherProjectKey, storeKey, idOrKey },
              token,
            );
            holds([403, 404].includes(response.status), describeResponse(response));
            holds(
              isErrorBody(response, operation.method),
              `not the error body: ${describeResponse(response)}`,
            );
            holds(!JSON.stringify(response.body ?? '').includes(secret), 'the answer names the resource');
          },
        );
      }
    }

    await ledger.case('GraphQL of another project', async () => {
      const response = await http('POST', `/${otherProjectKey}/graphql`, {
        token,
        body: { query: '{ stores { results { id key } } }' },
      });
      holds([403, 404].includes(response.status), describeResponse(response));
      holds(!JSON.stringify(response.body).includes(store.id), 'GraphQL answered data');
    });

    // A client limited to one Store: every in-store route of another Store is refused.
    const otherStore = await createStore();
    const storeClient = await createClient([
      `manage_customers:{pk}:${storeKey}`,
      `view_products:{pk}:${storeKey}`,
      `view_product_selections:{pk}:${storeKey}`,
      `manage_my_profile:{pk}:${storeKey}`,
    ]);
    const storeToken = await clientToken(storeClient);
    for (const [id, operation] of OPERATIONS.filter(([, op]) => op.path.includes(':storeKey'))) {
      await ledger.case(`${id} of Store ${otherStore} with a token for Store ${storeKey}`, async () => {
        const response = await callRoute(operation, { projectKey, storeKey: otherStore }, storeToken);
        holds([401, 403, 404].includes(response.status), describeResponse(response));
        holds(isErrorBody(response, operation.method), `not the error body: ${describeResponse(response)}`);
      });
    }
    await ledger.finish();
  });
});
