import type { Customer, CustomerUpdateAction } from '@commercetools/platform-sdk';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { customerDraft } from '../auth/auth-helpers.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';

export type Api = Awaited<ReturnType<typeof sdk>>;

/** The official SDK with a token the test already holds (a customer token, say). */
export async function sdkWithToken(token: string): Promise<Api> {
  const { apiUrl, projectKey } = await platform();
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withExistingTokenFlow(`Bearer ${token}`, { force: true })
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

/** A new global customer through the SDK, with its password. */
export async function newCustomer(api: Api, overrides: Record<string, unknown> = {}) {
  const draft = customerDraft(overrides);
  const { body } = await api.customers().post({ body: draft }).execute();
  return { ...body.customer, password: draft.password };
}

/** Applies actions at the customer's version through the SDK. */
export async function updateCustomer(
  api: Api,
  customer: Pick<Customer, 'id' | 'version'>,
  ...actions: CustomerUpdateAction[]
): Promise<Customer> {
  const { statusCode, body } = await api
    .customers()
    .withId({ ID: customer.id })
    .post({ body: { version: customer.version, actions } })
    .execute();
  if (statusCode !== 200) throw new Error(`an update answered ${statusCode}`);
  return body;
}

/** The SDK's error of a request that must fail: status and first error. */
export async function failure(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const { statusCode, body } = error as {
      statusCode: number;
      body: { errors: Array<Record<string, unknown>> };
    };
    return { statusCode, error: body.errors[0] };
  }
  throw new Error('the request succeeded');
}
