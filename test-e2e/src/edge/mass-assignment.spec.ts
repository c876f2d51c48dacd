import { randomUUID } from 'node:crypto';
import { api } from '../support/api.js';
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
} from '../support/factories.js';
import { platform } from '../support/platform.js';

/** Server-owned fields a hostile or careless client puts in a draft. */
const forged = () => ({
  id: randomUUID(),
  version: 42,
  createdAt: '2001-01-01T00:00:00.000Z',
  lastModifiedAt: '2001-01-01T00:00:00.000Z',
  createdBy: { clientId: 'forged-client', externalUserId: 'forged-user' },
  lastModifiedBy: { clientId: 'forged-client', externalUserId: 'forged-user' },
});

const customerDraft = () => ({ email: `${uniqueKey('mass')}@example.com`, password: 'secret-password-1' });

const cases: Array<[string, () => object, (body: any) => any]> = [
  ['stores', () => storeDraft(), (body) => body],
  ['channels', () => channelDraft(), (body) => body],
  ['customers', customerDraft, (body) => body.customer],
  ['customer-groups', () => customerGroupDraft(), (body) => body],
  ['types', () => typeDraft(['channel']), (body) => body],
  ['product-selections', () => productSelectionDraft(), (body) => body],
  ['product-types', () => productTypeDraft(), (body) => body],
  ['categories', () => categoryDraft(), (body) => body],
  ['tax-categories', () => taxCategoryDraft(), (body) => body],
  ['states', () => stateDraft(), (body) => body],
];

describe('mass assignment: server-owned fields in drafts are never stored', () => {
  it.each(cases)(
    '%s: id, version, createdAt/By, lastModifiedAt/By come from the server',
    async (path, draft, of) => {
      const { clientId } = await platform();
      const hostile = forged();
      const before = Date.now();
      const response = await api.post(path, { ...draft(), ...hostile });
      expect(response.status).toBe(201);
      const created = of(response.body);
      expect(created.id).not.toBe(hostile.id);
      expect(created.version).toBe(1);
      expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 60_000);
      expect(Date.parse(created.lastModifiedAt)).toBeGreaterThanOrEqual(before - 60_000);
      for (const field of ['createdBy', 'lastModifiedBy']) {
        expect(created[field]?.clientId).toBe(clientId);
        expect(created[field]?.externalUserId).toBeUndefined();
      }
      const stored = await api.get(`${path}/${created.id}`);
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({ id: created.id, version: 1, createdAt: created.createdAt });
      expect((await api.get(`${path}/${hostile.id}`)).status).toBe(404);
    },
  );

  it("products: the same, also in variants (their ids are the server's) and the product data", async () => {
    const productType = await api.create('product-types', productTypeDraft());
    const hostile = forged();
    const response = await api.post('products', {
      ...productDraft(productType.id, [uniqueKey('sku')]),
      ...hostile,
      masterVariant: { sku: uniqueKey('sku'), id: 99 },
      masterData: { published: true },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ version: 1, createdBy: { clientId: (await platform()).clientId } });
    expect(response.body.id).not.toBe(hostile.id);
    expect(response.body.masterData.current.masterVariant.id).toBe(1);
    expect(response.body.masterData.published).toBe(false);
  });

  it('ignores server-owned fields in update actions too', async () => {
    const store = await api.create('stores', storeDraft());
    const updated = await api.update(`stores/${store.id}`, store.version, [
      { action: 'setName', name: { en: 'New' }, ...forged() },
    ]);
    expect(updated).toMatchObject({ id: store.id, version: store.version + 1, createdAt: store.createdAt });
    expect(updated.lastModifiedBy.clientId).toBe((await platform()).clientId);
  });
});
