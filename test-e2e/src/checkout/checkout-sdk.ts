import type { Message, Payment, PaymentUpdateAction } from '@commercetools/platform-sdk';
import { createClient, createCustomer, oauth, passwordGrant, type Client } from '../auth/auth-helpers.js';
import { sdkWithToken, type Api } from '../customers/customer-helpers.js';
import { eventually } from '../support/api.js';
import { platform } from '../support/platform.js';

export type { Api };

/** A storefront client (`manage_my_payments`, `manage_my_orders`, anonymous sessions). */
export async function storefrontClient(): Promise<Client> {
  return createClient([
    'manage_my_payments:{pk}',
    'manage_my_orders:{pk}',
    'manage_my_profile:{pk}',
    'create_anonymous_token:{pk}',
  ]);
}

/** The SDK as a new signed-in customer of `client`. */
export async function customerApi(client: Client): Promise<{ api: Api; customerId: string }> {
  const customer = await createCustomer();
  const grant = await passwordGrant(client, customer.email, customer.password);
  if (grant.status !== 200) throw new Error(`password grant failed: ${JSON.stringify(grant.body)}`);
  return { api: await sdkWithToken(String(grant.body.access_token)), customerId: customer.id };
}

/** The SDK in a new anonymous session of `client`. */
export async function anonymousApi(client: Client): Promise<{ api: Api; anonymousId: string }> {
  const { projectKey } = await platform();
  const anonymousId = `anon-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const grant = await oauth(client, `/oauth/${projectKey}/anonymous/token`, {
    grant_type: 'client_credentials',
    anonymous_id: anonymousId,
  });
  if (grant.status !== 200) throw new Error(`anonymous grant failed: ${JSON.stringify(grant.body)}`);
  return { api: await sdkWithToken(String(grant.body.access_token)), anonymousId };
}

/** Applies payment actions at the payment's version through the SDK. */
export async function updatePayment(api: Api, payment: Payment, ...actions: PaymentUpdateAction[]) {
  const { body } = await api
    .payments()
    .withId({ ID: payment.id })
    .post({ body: { version: payment.version, actions } })
    .execute();
  return body;
}

/** The Messages of one resource, oldest first, once at least `count` are there (they are written with it). */
export async function messagesOf(api: Api, resourceId: string, count: number): Promise<Message[]> {
  return eventually(async () => {
    const { body } = await api
      .messages()
      .get({ queryArgs: { where: `resource(id = "${resourceId}")`, sort: 'sequenceNumber asc', limit: 500 } })
      .execute();
    return body.results.length >= count ? body.results : undefined;
  });
}
