import type {
  InventoryEntry,
  InventoryEntryDraft,
  InventoryEntryUpdateAction,
} from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { channelDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import { data } from '../graphql/graphql-helpers.js';
import { messagesOf, newChannel, newType } from './catalog-helpers.js';

const draftOf = (overrides: Partial<InventoryEntryDraft> = {}): InventoryEntryDraft => ({
  sku: uniqueKey('sku'),
  quantityOnStock: 10,
  ...overrides,
});

async function create(draft: InventoryEntryDraft): Promise<InventoryEntry> {
  const client = await sdk();
  const { body, statusCode } = await client.inventory().post({ body: draft }).execute();
  expect(statusCode).toBe(201);
  return body;
}

async function update(
  entry: InventoryEntry,
  ...actions: InventoryEntryUpdateAction[]
): Promise<InventoryEntry> {
  const client = await sdk();
  const { body } = await client
    .inventory()
    .withId({ ID: entry.id })
    .post({ body: { version: entry.version, actions } })
    .execute();
  return body;
}

/** The first error of a request the SDK refused, with its status. */
async function refusal(request: Promise<unknown>) {
  return request.then(
    () => {
      throw new Error('expected the request to be refused');
    },
    (error: { statusCode: number; body: { errors: Array<Record<string, unknown>> } }) => ({
      status: error.statusCode,
      error: error.body.errors[0],
    }),
  );
}

describe('Inventory', () => {
  it('is created through the SDK with every draft field, readable by id, key and query, with its Message', async () => {
    const channel = await newChannel();
    const type = await newType(['inventory-entry']);
    const draft = draftOf({
      key: uniqueKey('stock'),
      supplyChannel: { typeId: 'channel', key: channel.key },
      quantityOnStock: 25,
      minCartQuantity: 1,
      maxCartQuantity: 5,
      restockableInDays: 3,
      expectedDelivery: '2026-12-24T08:00:00.000Z',
      reservationExpirationInMinutes: 30,
      stockLevels: { reorderPoint: 5, safetyStock: 2 },
      custom: { type: { typeId: 'type', key: type.key }, fields: { note: 'fragile' } },
    });
    const entry = await create(draft);
    expect(entry).toMatchObject({
      version: 1,
      key: draft.key,
      sku: draft.sku,
      supplyChannel: { typeId: 'channel', id: channel.id },
      quantityOnStock: 25,
      availableQuantity: 25,
      minCartQuantity: 1,
      maxCartQuantity: 5,
      restockableInDays: 3,
      expectedDelivery: '2026-12-24T08:00:00.000Z',
      reservationExpirationInMinutes: 30,
      stockLevels: { reorderPoint: 5, safetyStock: 2 },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'fragile' } },
    });

    const client = await sdk();
    const byId = await client.inventory().withId({ ID: entry.id }).get().execute();
    expect(byId.body).toEqual(entry);
    const byKey = await client
      .inventory()
      .withKey({ key: draft.key! })
      .get({ queryArgs: { expand: ['supplyChannel'] } })
      .execute();
    expect(byKey.body.supplyChannel?.obj).toMatchObject({ key: channel.key });
    const page = await client
      .inventory()
      .get({ queryArgs: { where: `sku = "${draft.sku}" and supplyChannel(id = "${channel.id}")` } })
      .execute();
    expect(page.body.results.map((result) => result.id)).toEqual([entry.id]);
    const [created] = await messagesOf(entry.id);
    expect(created).toMatchObject({
      type: 'InventoryEntryCreated',
      resource: { typeId: 'inventory-entry', id: entry.id },
      inventoryEntry: { sku: draft.sku, quantityOnStock: 25 },
    });
  });

  it('holds one entry per SKU and supply channel (DuplicateField), also when the channel changes', async () => {
    const [channel, other] = [await newChannel(), await newChannel()];
    const sku = uniqueKey('sku');
    await create(draftOf({ sku }));
    await create(draftOf({ sku, supplyChannel: { typeId: 'channel', id: channel.id } }));
    const moving = await create(draftOf({ sku, supplyChannel: { typeId: 'channel', id: other.id } }));
    const client = await sdk();
    for (const supplyChannel of [undefined, { typeId: 'channel' as const, id: channel.id }]) {
      const { status, error } = await refusal(
        client
          .inventory()
          .post({ body: draftOf({ sku, supplyChannel }) })
          .execute(),
      );
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'DuplicateField', field: 'sku', duplicateValue: sku });
    }
    const { error } = await refusal(
      client
        .inventory()
        .withId({ ID: moving.id })
        .post({
          body: {
            version: moving.version,
            actions: [{ action: 'setSupplyChannel', supplyChannel: { typeId: 'channel', id: channel.id } }],
          },
        })
        .execute(),
    );
    expect(error).toMatchObject({ code: 'DuplicateField' });
  });

  it('refuses a supply channel without the InventorySupply role, an unknown one and a bad draft', async () => {
    const shop = await api.create('channels', channelDraft(['ProductDistribution']));
    const client = await sdk();
    const post = (body: unknown) =>
      refusal(
        client
          .inventory()
          .post({ body: body as InventoryEntryDraft })
          .execute(),
      );
    expect(await post(draftOf({ supplyChannel: { typeId: 'channel', id: shop.id } }))).toMatchObject({
      status: 400,
      error: { code: 'MissingRoleOnChannel', missingRole: 'InventorySupply' },
    });
    expect(
      await post(draftOf({ supplyChannel: { typeId: 'channel', key: 'no-such-channel' } })),
    ).toMatchObject({ status: 400, error: { code: 'ReferencedResourceNotFound' } });
    expect(await post({ quantityOnStock: 1 })).toMatchObject({
      status: 400,
      error: { code: 'InvalidJsonInput' },
    });
    expect(await post(draftOf({ minCartQuantity: 5, maxCartQuantity: 2 }))).toMatchObject({
      status: 400,
      error: { code: 'InvalidInput' },
    });
  });

  it('applies every update action; quantity changes keep reserved units and give QuantitySet Messages', async () => {
    const channel = await newChannel();
    const type = await newType(['inventory-entry']);
    let entry = await create(draftOf({ quantityOnStock: 10, stockLevels: { reorderPoint: 3 } }));
    entry = await update(entry, { action: 'addQuantity', quantity: 5 });
    expect(entry).toMatchObject({ version: 2, quantityOnStock: 15, availableQuantity: 15 });
    entry = await update(entry, { action: 'removeQuantity', quantity: 20 });
    expect(entry).toMatchObject({ quantityOnStock: -5, availableQuantity: -5 });
    entry = await update(entry, { action: 'changeQuantity', quantity: 7 });
    expect(entry).toMatchObject({ quantityOnStock: 7, availableQuantity: 7 });
    const messages = await messagesOf(entry.id, 6);
    expect(messages.map((message) => message.type)).toEqual([
      'InventoryEntryCreated',
      'InventoryEntryQuantitySet',
      'InventoryEntryQuantitySet',
      'InventoryEntryOutOfStock',
      'InventoryEntryReorderPoint',
      'InventoryEntryQuantitySet',
    ]);
    expect(messages[2]).toMatchObject({
      oldQuantityOnStock: 15,
      newQuantityOnStock: -5,
      oldAvailableQuantity: 15,
      newAvailableQuantity: -5,
      sku: entry.sku,
    });

    const key = uniqueKey('stock');
    entry = await update(
      entry,
      { action: 'setInventoryLimits', minCartQuantity: 2, maxCartQuantity: 4 },
      { action: 'setRestockableInDays', restockableInDays: 0 },
      { action: 'setExpectedDelivery', expectedDelivery: '2027-01-02T03:04:05.000Z' },
      { action: 'setSupplyChannel', supplyChannel: { typeId: 'channel', key: channel.key } },
      { action: 'setKey', key },
      { action: 'setReorderPoint', quantity: 2 },
      { action: 'setSafetyStock', quantity: 1 },
      { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 15 },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { rank: 1 } },
      { action: 'setCustomField', name: 'note', value: 'cold' },
    );
    expect(entry).toMatchObject({
      key,
      minCartQuantity: 2,
      maxCartQuantity: 4,
      restockableInDays: 0,
      expectedDelivery: '2027-01-02T03:04:05.000Z',
      supplyChannel: { typeId: 'channel', id: channel.id },
      stockLevels: { reorderPoint: 2, safetyStock: 1 },
      reservationExpirationInMinutes: 15,
      custom: { fields: { rank: 1, note: 'cold' } },
    });
    const last = await messagesOf(entry.id, 7);
    expect(last[6]).toMatchObject({
      type: 'InventoryEntryReservationExpirationInMinutesSet',
      newReservationExpirationInMinutes: 15,
    });

    entry = await update(
      entry,
      { action: 'setInventoryLimits' },
      { action: 'setRestockableInDays' },
      { action: 'setExpectedDelivery' },
      { action: 'setSupplyChannel' },
      { action: 'setKey' },
      { action: 'setReorderPoint' },
      { action: 'setSafetyStock' },
      { action: 'setReservationExpirationInMinutes' },
      { action: 'setCustomType' },
    );
    for (const field of [
      'minCartQuantity',
      'maxCartQuantity',
      'restockableInDays',
      'expectedDelivery',
      'supplyChannel',
      'key',
      'stockLevels',
      'reservationExpirationInMinutes',
      'custom',
    ]) {
      expect(entry).not.toHaveProperty(field);
    }
  });

  it('is deleted at its version with an InventoryEntryDeleted Message; a stale version is 409', async () => {
    const channel = await newChannel();
    const entry = await create(draftOf({ supplyChannel: { typeId: 'channel', id: channel.id } }));
    const client = await sdk();
    expect(
      await refusal(
        client
          .inventory()
          .withId({ ID: entry.id })
          .delete({ queryArgs: { version: 7 } })
          .execute(),
      ),
    ).toMatchObject({ status: 409, error: { code: 'ConcurrentModification', currentVersion: 1 } });
    const { body } = await client
      .inventory()
      .withId({ ID: entry.id })
      .delete({ queryArgs: { version: entry.version } })
      .execute();
    expect(body.id).toBe(entry.id);
    expect(await refusal(client.inventory().withId({ ID: entry.id }).get().execute())).toMatchObject({
      status: 404,
      error: { code: 'ResourceNotFound' },
    });
    const messages = await messagesOf(entry.id, 2);
    expect(messages[1]).toMatchObject({
      type: 'InventoryEntryDeleted',
      sku: entry.sku,
      supplyChannel: { typeId: 'channel', id: channel.id },
    });
  });

  it('is read with view_products and written with manage_products, nothing else', async () => {
    const { projectKey } = await platform();
    const entry = await create(draftOf());
    const asScope = async (scope: string) => adminToken([`${scope}:${projectKey}`]);
    const viewer = await asScope('view_products');
    expect((await http('GET', `/${projectKey}/inventory/${entry.id}`, { token: viewer })).status).toBe(200);
    expect((await http('POST', `/${projectKey}/inventory`, { token: viewer, body: draftOf() })).status).toBe(
      403,
    );
    const manager = await asScope('manage_products');
    expect((await http('POST', `/${projectKey}/inventory`, { token: manager, body: draftOf() })).status).toBe(
      201,
    );
    const other = await asScope('view_orders');
    const refused = await http('GET', `/${projectKey}/inventory/${entry.id}`, { token: other });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('insufficient_scope');
    expect((await http('GET', `/${projectKey}/inventory/${entry.id}`)).status).toBe(401);
  });

  it('is read and written through GraphQL, with its supply channel', async () => {
    const client = await sdk();
    const channel = await newChannel();
    const sku = uniqueKey('sku');
    const created = (
      await data(
        client,
        `mutation ($draft: InventoryEntryDraft!) { createInventoryEntry(draft: $draft) { id version sku quantityOnStock availableQuantity } }`,
        { draft: { sku, quantityOnStock: 4, supplyChannel: { typeId: 'channel', id: channel.id } } },
      )
    ).createInventoryEntry;
    expect(created).toMatchObject({ sku, quantityOnStock: 4, availableQuantity: 4 });
    const updated = (
      await data(
        client,
        `mutation ($actions: [InventoryEntryUpdateAction!]!) {
           updateInventoryEntry(id: "${created.id}", version: ${created.version}, actions: $actions) {
             version quantityOnStock maxCartQuantity } }`,
        { actions: [{ addQuantity: { quantity: 3 } }, { setInventoryLimits: { maxCartQuantity: 2 } }] },
      )
    ).updateInventoryEntry;
    expect(updated).toMatchObject({ version: 2, quantityOnStock: 7, maxCartQuantity: 2 });
    const read = await data(
      client,
      `{ inventoryEntry(id: "${created.id}") { sku supplyChannelRef { id } supplyChannel { key } }
         inventoryEntries(where: "sku = \\"${sku}\\"") { total results { id } } }`,
    );
    expect(read.inventoryEntry).toEqual({
      sku,
      supplyChannelRef: { id: channel.id },
      supplyChannel: { key: channel.key },
    });
    expect(read.inventoryEntries).toEqual({ total: 1, results: [{ id: created.id }] });
    const deleted = await data(
      client,
      `mutation { deleteInventoryEntry(id: "${created.id}", version: ${updated.version}) { id } }`,
    );
    expect(deleted.deleteInventoryEntry).toEqual({ id: created.id });
  });
});
