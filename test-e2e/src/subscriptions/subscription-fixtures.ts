import {
  createApiBuilderFromCtpClient,
  type Subscription,
  type SubscriptionDraft,
} from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import type { Api } from '../customers/customer-helpers.js';
import { platform } from '../support/platform.js';

/**
 * `GET /subscriptions/{ID}/health` through the SDK as a monitoring system sends it, without a token: the HTTP
 * status (200 Healthy, 400 configuration errors, 503 TemporaryError, 404 none).
 */
export async function healthOf(id: string): Promise<number> {
  const { apiUrl, projectKey } = await platform();
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  const api = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
  return api
    .subscriptions()
    .withId({ ID: id })
    .withIdHealth()
    .get()
    .execute()
    .then(
      (response) => response.statusCode ?? 0,
      (error: { statusCode?: number }) => error.statusCode ?? 0,
    );
}

/** The Subscriptions a spec creates through the API (`api` once `beforeAll` has it), deleted by `deleteAll`. */
export function createdSubscriptions(api: () => Api) {
  const created: Subscription[] = [];
  return {
    created,
    /** Creates a Subscription (the draft as the test writes it, any destination) and keeps it for `deleteAll`. */
    async create(draft: Record<string, unknown>): Promise<Subscription> {
      const { body } = await api()
        .subscriptions()
        .post({ body: draft as unknown as SubscriptionDraft })
        .execute();
      created.push(body);
      return body;
    },
    async statusOf(id: string): Promise<string> {
      const { body } = await api().subscriptions().withId({ ID: id }).get().execute();
      return body.status;
    },
    async deleteAll(): Promise<void> {
      for (const subscription of created.splice(0)) {
        const { body } = await api().subscriptions().withId({ ID: subscription.id }).get().execute();
        await api()
          .subscriptions()
          .withId({ ID: subscription.id })
          .delete({ queryArgs: { version: body.version } })
          .execute();
      }
    },
  };
}
