import type { Subscription, SubscriptionDraft } from '@commercetools/platform-sdk';
import type { Api } from '../customers/customer-helpers.js';

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
