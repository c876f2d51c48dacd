import { RESOURCE_DESCRIPTORS } from '@commerce/contracts';
import { randomUUID } from 'node:crypto';
import { customerDraft } from '../../auth/auth-helpers.js';
import {
  categoryDraft,
  channelDraft,
  customerGroupDraft,
  productDraft,
  productSelectionDraft,
  productTypeDraft,
  stateDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
  zoneDraft,
} from '../../support/factories.js';
import { http, type HttpResponse } from '../../support/http.js';
import { platform } from '../../support/platform.js';
import { adminToken } from '../../support/tokens.js';

/** A resource the run addresses by its id and key and updates at its current version. */
export interface Fixture {
  id: string;
  key?: string;
  version: number;
}

/**
 * The hostile-input run's own project, so that what its random requests change (settings, languages, deleted
 * resources, revoked tokens) reaches no other test: made through the platform admin's `projects.create`, with
 * one resource of every collection, customers with storefront tokens, and the tokens of customer accounts.
 */
export interface FuzzProject {
  projectKey: string;
  /** `manage_project:{projectKey}` of the project's admin client. */
  adminToken: string;
  /** A storefront client's token (`manage_my_profile`, `view_published_products`). */
  storefrontToken: string;
  /** Customer tokens of the storefront client: signed in globally, and in the Store. */
  customerToken: string;
  inStoreCustomerToken: string;
  storeKey: string;
  /** A resource per descriptor name (`stores`, `customers`, ...), and the in-store customer and the signed-in ones. */
  fixtures: Map<string, Fixture>;
  passwordToken: string;
  emailToken: string;
  messageId: string;
  /** Valid drafts, by descriptor name, for the resources the factories know. */
  drafts: Map<string, () => object>;
}

async function ok(response: Promise<HttpResponse>, what: string): Promise<any> {
  const answer = await response;
  if (answer.status >= 300)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function token(
  client: { id: string; secret: string },
  path = '/oauth/token',
  form = {},
): Promise<string> {
  const body = await ok(
    http('POST', path, {
      basic: client,
      form: { grant_type: 'client_credentials', ...form },
    }),
    `token at ${path}`,
  );
  return String(body.access_token);
}

export async function fuzzProject(): Promise<FuzzProject> {
  const bootstrap = await platform();
  const projectKey = uniqueKey('fuzz');
  const created = await ok(
    http('POST', `/${bootstrap.projectKey}/projects`, {
      token: await adminToken(),
      body: { key: projectKey, languages: ['en', 'de'], countries: ['DE', 'US'], currencies: ['EUR', 'USD'] },
    }),
    'creating the fuzz project',
  );
  const admin = await token({ id: created.adminClient.id, secret: created.adminClient.secret });
  const call = (method: string, path: string, body?: unknown) =>
    ok(
      http(method, `/${projectKey}/${path}`, { token: admin, ...(body !== undefined ? { body } : {}) }),
      path,
    );
  const fixture = (resource: any): Fixture => ({
    id: resource.id,
    key: resource.key,
    version: resource.version,
  });

  const fixtures = new Map<string, Fixture>();
  const store = await call('POST', 'stores', storeDraft({ languages: ['en'] }));
  fixtures.set('stores', fixture(store));
  const productType = await call('POST', 'product-types', productTypeDraft());
  fixtures.set('productTypes', fixture(productType));
  const drafts = new Map<string, () => object>([
    ['stores', () => storeDraft()],
    ['channels', () => channelDraft()],
    ['customerGroups', () => customerGroupDraft()],
    ['types', () => typeDraft(['category', 'store', 'customer'])],
    ['productTypes', () => productTypeDraft()],
    ['products', () => productDraft(productType.id, [uniqueKey('sku')])],
    ['productSelections', () => productSelectionDraft()],
    ['categories', () => categoryDraft()],
    ['taxCategories', () => taxCategoryDraft()],
    ['states', () => stateDraft()],
    ['zones', () => zoneDraft()],
    ['inventoryEntries', () => ({ sku: uniqueKey('sku'), quantityOnStock: 5 })],
    ['customers', () => customerDraft()],
    // An extension no write of the suite triggers (no quotes exist), so fuzzed writes never call out.
    [
      'extensions',
      () => ({
        destination: { type: 'HTTP', url: 'https://example.com/extension' },
        triggers: [{ resourceTypeId: 'quote', actions: ['Create'] }],
      }),
    ],
    ['importContainers', () => ({ key: uniqueKey('container') })],
    ['apiClients', () => ({ name: uniqueKey('client'), scope: `view_stores:${projectKey}` })],
  ]);
  for (const descriptor of RESOURCE_DESCRIPTORS) {
    const draft = drafts.get(descriptor.name);
    if (!draft || fixtures.has(descriptor.name) || descriptor.name === 'customers') continue;
    const resource = await call('POST', descriptor.path, draft());
    fixtures.set(descriptor.name, fixture(resource));
  }
  // Import containers are addressed by key, API clients by id (their fixtures keep what the routes need).
  const published = await call('POST', `products/${fixtures.get('products')!.id}`, {
    version: fixtures.get('products')!.version,
    actions: [{ action: 'publish' }],
  });
  fixtures.set('products', fixture(published));

  const customer = async (name: string, path: string) => {
    const draft = customerDraft();
    const answer = await call('POST', path, draft);
    fixtures.set(name, fixture(answer.customer));
    return draft;
  };
  const accountCustomer = await customer('customers', 'customers');
  await customer('inStore.customers', `in-store/key=${store.key}/customers`);
  const signedIn = await customer('me', 'customers');
  const signedInStore = await customer('inStore.me', `in-store/key=${store.key}/customers`);

  const shop = await call('POST', 'api-clients', {
    name: uniqueKey('storefront'),
    scope: `manage_my_profile:${projectKey} view_published_products:${projectKey}`,
  });
  const shopClient = { id: shop.id, secret: shop.secret };
  const passwordGrant = (path: string, draft: { email: string; password: string }) =>
    token(shopClient, `/oauth/${projectKey}/${path}`, {
      grant_type: 'password',
      username: draft.email,
      password: draft.password,
    });

  const passwordToken = await call('POST', 'customers/password-token', { email: accountCustomer.email });
  const emailToken = await call('POST', 'customers/email-token', {
    id: fixtures.get('customers')!.id,
    ttlMinutes: 10,
  });
  const messages = await call('GET', 'messages?limit=1');
  return {
    projectKey,
    adminToken: admin,
    storefrontToken: await token(shopClient),
    customerToken: await passwordGrant('customers/token', signedIn),
    inStoreCustomerToken: await passwordGrant(`in-store/key=${store.key}/customers/token`, signedInStore),
    storeKey: store.key,
    fixtures,
    passwordToken: passwordToken.value,
    emailToken: emailToken.value,
    messageId: messages.results[0]?.id ?? randomUUID(),
    drafts,
  };
}
