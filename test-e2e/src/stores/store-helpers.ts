import type { StoreUpdateAction } from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { channelDraft, productSelectionDraft, storeDraft, storeTypeDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

export const newStore = (overrides: Record<string, unknown> = {}) =>
  api.create('stores', storeDraft(overrides));
export const newChannel = (roles?: string[]) => api.create('channels', channelDraft(roles));
export const newSelection = (mode?: string) =>
  api.create('product-selections', productSelectionDraft(mode ? { mode } : {}));
export const newStoreType = () => api.create('types', storeTypeDraft());

/** The Messages of a resource, oldest first. */
export async function messagesOf(resourceId: string): Promise<any[]> {
  const response = await api.get(
    `messages?where=${encodeURIComponent(`resource(id = "${resourceId}")`)}&sort=${encodeURIComponent('sequenceNumber asc')}&limit=500`,
  );
  if (response.status !== 200)
    throw new Error(`messages query answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.results;
}

/** The last Message of a resource once it has `count` of them. */
export async function lastMessage(resourceId: string, count: number): Promise<any> {
  return eventually(async () => {
    const messages = await messagesOf(resourceId);
    return messages.length >= count ? messages[messages.length - 1] : undefined;
  });
}

/** Applies actions to a Store through the official SDK and answers the new Store. */
export async function updateStore(
  store: { id: string; version: number },
  ...actions: object[]
): Promise<any> {
  const client = await sdk();
  const response = await client
    .stores()
    .withId({ ID: store.id })
    .post({ body: { version: store.version, actions: actions as StoreUpdateAction[] } })
    .execute();
  return response.body;
}
