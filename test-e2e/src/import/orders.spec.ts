import type { OrderImport } from '@commercetools/importapi-sdk';
import type { Order } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { customerGroupDraft, taxCategoryDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import {
  failure,
  importApi,
  newContainer,
  operationIn,
  productWithVariants,
  type ImportApi,
} from './import-helpers.js';

async function importOrders(importer: ImportApi, containerKey: string, resources: OrderImport[]) {
  const { statusCode, body } = await importer
    .orders()
    .importContainers()
    .withImportContainerKeyValue({ importContainerKey: containerKey })
    .post({ body: { type: 'order', resources } })
    .execute();
  expect(statusCode).toBe(201);
  return body.operationStatus.map(({ operationId }) => operationId!);
}

/** The order as the platform API's SDK reads it, by its number. */
async function orderByNumber(orderNumber: string): Promise<Order> {
  const platformApi = await sdk();
  return (await platformApi.orders().withOrderNumber({ orderNumber }).get().execute()).body;
}

const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount });

describe('Order import', () => {
  it('imports an order with its references by key as an imported order, readable through /orders', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const type = await api.create('types', typeDraft(['order']));
    const group = await api.create('customer-groups', customerGroupDraft());
    const taxCategory = await api.create('tax-categories', taxCategoryDraft());
    const product = await productWithVariants();
    const sku = product.masterData.staged.variants[0].sku!;
    const orderNumber = uniqueKey('order');
    const [operationId] = await importOrders(importer, container.key, [
      {
        orderNumber,
        customerEmail: 'imported@example.com',
        customerGroup: { typeId: 'customer-group', key: group.key },
        totalPrice: eur(3500),
        orderState: 'Complete',
        origin: 'Merchant',
        completedAt: '2025-05-01T10:00:00.000Z',
        lineItems: [
          {
            product: { typeId: 'product', key: product.key },
            name: { en: 'Imported line' },
            variant: { sku },
            price: { value: eur(1000) },
            quantity: 3,
          },
          {
            name: { en: 'By SKU alone' },
            variant: { sku: product.masterData.staged.masterVariant.sku },
            price: { value: eur(0) },
            quantity: 1,
          },
        ],
        customLineItems: [
          {
            name: { en: 'Gift wrap' },
            money: eur(500),
            totalPrice: eur(500),
            slug: 'gift-wrap',
            quantity: 1,
            taxCategory: { typeId: 'tax-category', key: taxCategory.key },
          },
        ],
        custom: {
          type: { typeId: 'type', key: type.key },
          fields: { note: { type: 'String', value: 'Some String with ß' } },
        },
      },
    ]);
    const operation = await operationIn(importer, operationId, ['imported', 'rejected', 'validationFailed']);
    expect(operation).toMatchObject({ state: 'imported', resourceKey: orderNumber, resourceVersion: 1 });

    const order = await orderByNumber(orderNumber);
    expect(order).toMatchObject({
      orderNumber,
      version: 1,
      origin: 'Merchant',
      orderState: 'Complete',
      completedAt: '2025-05-01T10:00:00.000Z',
      customerEmail: 'imported@example.com',
      customerGroup: { typeId: 'customer-group', id: group.id },
      totalPrice: { currencyCode: 'EUR', centAmount: 3500 },
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'Some String with ß' } },
      lastModifiedBy: { attributedTo: { source: 'Import' } },
    });
    expect(order.lineItems).toEqual([
      expect.objectContaining({
        productId: product.id,
        quantity: 3,
        variant: expect.objectContaining({ id: 2, sku }),
        totalPrice: expect.objectContaining({ centAmount: 3000 }),
      }),
      expect.objectContaining({ productId: product.id, variant: expect.objectContaining({ id: 1 }) }),
    ]);
    expect(order.customLineItems).toEqual([
      expect.objectContaining({
        slug: 'gift-wrap',
        taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      }),
    ]);

    const summary = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importSummaries()
      .get()
      .execute();
    expect(summary.body).toMatchObject({ states: { imported: 1 }, total: 1 });
  });

  it('stays unresolved while its custom type does not exist, then imports once it is created', async () => {
    const importer = await importApi();
    const container = await newContainer(importer, 'order');
    const typeKey = uniqueKey('type');
    const orderNumber = uniqueKey('order');
    const [operationId] = await importOrders(importer, container.key, [
      {
        orderNumber,
        totalPrice: eur(700),
        customLineItems: [
          { name: { en: 'Fee' }, money: eur(700), totalPrice: eur(700), slug: 'fee', quantity: 1 },
        ],
        custom: { type: { typeId: 'type', key: typeKey }, fields: { rank: { type: 'Number', value: 3 } } },
      },
    ]);
    const waiting = await operationIn(importer, operationId, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([{ typeId: 'type', key: typeKey }]);
    expect((await api.get(`orders/order-number=${orderNumber}`)).status).toBe(404);

    const type = await api.create('types', typeDraft(['order'], { key: typeKey }));
    const imported = await operationIn(importer, operationId, ['imported', 'rejected']);
    expect(imported.state).toBe('imported');
    expect(imported.unresolvedReferences).toBeUndefined();
    const order = await orderByNumber(orderNumber);
    expect(order.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { rank: 3 } });
  });

  it('names every missing reference, a variant of its product included', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const customerKey = uniqueKey('customer');
    const [operationId] = await importOrders(importer, container.key, [
      {
        orderNumber: uniqueKey('order'),
        customer: { typeId: 'customer', key: customerKey },
        totalPrice: eur(100),
        lineItems: [
          {
            product: { typeId: 'product', key: product.key },
            name: { en: 'Line' },
            variant: { productVariant: { typeId: 'product-variant', key: 'no-such-variant' } },
            price: { value: eur(100) },
            quantity: 1,
            supplyChannel: { typeId: 'channel', key: 'no-such-channel' },
          },
        ],
      },
    ]);
    const waiting = await operationIn(importer, operationId, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([
      { typeId: 'customer', key: customerKey },
      { typeId: 'channel', key: 'no-such-channel' },
      { typeId: 'product-variant', key: 'no-such-variant' },
    ]);
  });

  it('rejects an order the order import refuses, and its number taken by another order, with their errors', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const orderNumber = uniqueKey('order');
    const item = { name: { en: 'Fee' }, money: eur(100), totalPrice: eur(100), slug: 'fee', quantity: 1 };
    const [withoutItems, first] = await importOrders(importer, container.key, [
      { orderNumber: uniqueKey('order'), totalPrice: eur(0) },
      { orderNumber, totalPrice: eur(100), customLineItems: [item] },
    ]);
    const rejected = await operationIn(importer, withoutItems, ['imported', 'rejected']);
    expect(rejected).toMatchObject({ state: 'rejected', errors: [{ code: 'InvalidOperation' }] });
    await operationIn(importer, first, ['imported']);

    const [again] = await importOrders(importer, container.key, [
      { orderNumber, totalPrice: eur(200), customLineItems: [item] },
    ]);
    // The same client again: the number is taken by an order this operation did not write.
    const duplicate = await operationIn(importer, again, ['imported', 'rejected']);
    expect(duplicate).toMatchObject({
      state: 'rejected',
      errors: [{ code: 'DuplicateField', field: 'orderNumber' }],
    });
    expect((await orderByNumber(orderNumber)).totalPrice.centAmount).toBe(100);
  });

  it('refuses an invalid request whole (400) and a container of another resource type', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const invalid = await failure(
      importer
        .orders()
        .importContainers()
        .withImportContainerKeyValue({ importContainerKey: container.key })
        .post({
          body: {
            type: 'order',
            resources: [
              { orderNumber: uniqueKey('order'), totalPrice: eur(100) },
              {
                orderNumber: uniqueKey('order'),
                totalPrice: { currencyCode: 'eur' },
              } as unknown as OrderImport,
            ],
          },
        })
        .execute(),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'InvalidField',
          field: 'resources.1.totalPrice.currencyCode',
          resourceIndex: 1,
        }),
      ]),
    );
    const operations = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importOperations()
      .get()
      .execute();
    expect(operations.body.total).toBe(0);

    const prices = await newContainer(importer, 'price');
    const refused = await failure(
      importer
        .orders()
        .importContainers()
        .withImportContainerKeyValue({ importContainerKey: prices.key })
        .post({
          body: { type: 'order', resources: [{ orderNumber: uniqueKey('order'), totalPrice: eur(1) }] },
        })
        .execute(),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors[0].code).toBe('InvalidInput');
    const missing = await failure(
      importer
        .orders()
        .importContainers()
        .withImportContainerKeyValue({ importContainerKey: uniqueKey('missing') })
        .post({ body: { type: 'order', resources: [] } })
        .execute(),
    );
    expect(missing.statusCode).toBe(404);
  });
});
