import type { Product } from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import {
  channelDraft,
  customerGroupDraft,
  productDraft,
  productSelectionDraft,
  productTypeDraft,
  storeDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';

export const ref = (resource: { id: string }, typeId: string) => ({ typeId, id: resource.id });

export const newChannel = (overrides: Record<string, unknown> = {}) =>
  api.create('channels', channelDraft(['InventorySupply'], overrides));
export const newCustomerGroup = (overrides: Record<string, unknown> = {}) =>
  api.create('customer-groups', customerGroupDraft(overrides));
export const newType = (resourceTypeIds: string[], overrides: Record<string, unknown> = {}) =>
  api.create('types', typeDraft(resourceTypeIds, overrides));
export const newProductType = (overrides: Record<string, unknown> = {}) =>
  api.create('product-types', productTypeDraft(overrides));
export const newSelection = (mode = 'Individual') =>
  api.create('product-selections', productSelectionDraft({ mode }));
export const newStore = (overrides: Record<string, unknown> = {}) =>
  api.create('stores', storeDraft(overrides));

/** Fresh SKUs no other test uses. */
export const skus = (count: number) => Array.from({ length: count }, () => uniqueKey('sku'));

/** A product of a fresh product type with the given SKUs (master first), published unless told otherwise. */
export async function newProduct(
  variantSkus: string[] = [],
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  const productType = await newProductType();
  return api.create<Product>(
    'products',
    productDraft(productType.id, variantSkus, { publish: true, ...overrides }),
  );
}

/** Applies update actions at the resource's version and answers the new resource (fails loudly otherwise). */
export const update = (path: string, resource: { id: string; version: number }, ...actions: object[]) =>
  api.update(`${path}/${resource.id}`, resource.version, actions);

/** The first error of a failed update. */
export async function updateError(
  path: string,
  resource: { id: string; version: number },
  ...actions: object[]
) {
  const response = await api.post(`${path}/${resource.id}`, { version: resource.version, actions });
  return { status: response.status, error: response.body?.errors?.[0] };
}

/** The Messages of a resource, oldest first, once there are at least `count` of them. */
export async function messagesOf(resourceId: string, count = 1): Promise<Array<Record<string, unknown>>> {
  return eventually<Array<Record<string, unknown>>>(async () => {
    const where = encodeURIComponent(`resource(id = "${resourceId}")`);
    const response = await api.get(
      `messages?where=${where}&sort=${encodeURIComponent('sequenceNumber asc')}&limit=500`,
    );
    if (response.status !== 200)
      throw new Error(`messages answered ${response.status}: ${JSON.stringify(response.body)}`);
    const results = response.body.results as Array<Record<string, unknown>>;
    return results.length >= count ? results : undefined;
  });
}
