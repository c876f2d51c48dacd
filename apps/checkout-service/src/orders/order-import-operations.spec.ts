import type { Order, OrderImportDraftDto, RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import type { ReferenceResolver, ResourceEngine } from '@commerce/resources';
import { OrderImportOperations } from './order-import-operations.js';

const ctx: RequestContext = {
  projectKey: 'p',
  correlationId: 'c',
  actor: { clientId: 'importer', attributedTo: { clientId: 'importer', source: 'Import' } },
};
const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount });
const createdAt = '2026-01-01T10:00:00.000Z';

/** An order engine over a list, and a resolver that knows the given `typeId:key`s. */
function setUp(known: string[], stored: Partial<Order>[] = [], failWith?: Error) {
  const created: unknown[] = [];
  const engine = {
    find: async (_: RequestContext, ref: { key: string }) => stored.find((o) => o.orderNumber === ref.key),
    create: async (_: RequestContext, draft: Record<string, unknown>) => {
      if (failWith) throw failWith;
      created.push(draft);
      return { ...draft, version: 1 };
    },
  } as unknown as ResourceEngine<Order, OrderImportDraftDto>;
  const resolver = {
    lookup: async (_: RequestContext, refs: Array<{ typeId: string; key: string }>) =>
      new Map(
        refs
          .filter((ref) => known.includes(`${ref.typeId}:${ref.key}`))
          .map((ref) => [`${ref.typeId}:key=${ref.key}`, { id: `${ref.typeId}-id`, key: ref.key }]),
      ),
  } as unknown as ReferenceResolver;
  const rpc = {
    send: async (_: string, { items }: { items: Array<{ sku: string }> }) => ({
      items: items.map(({ sku }) =>
        sku === 'known-sku'
          ? { found: true, product: { productId: 'sku-product-id', variant: { id: 4, sku } } }
          : { found: false, reason: 'SkuNotFound' },
      ),
      taxCategories: [],
    }),
  } as unknown as RpcClient;
  return { operations: new OrderImportOperations(engine, resolver, rpc), created };
}

const item = (order: Record<string, unknown>) => ({
  operationId: 'op-1',
  operationCreatedAt: createdAt,
  order: { orderNumber: 'o-1', totalPrice: eur(100), ...order },
});
const withType = { custom: { type: { typeId: 'type', key: 't' }, fields: {} } };

describe(OrderImportOperations.name, () => {
  it('leaves an order unresolved, naming what is missing, and writes nothing', async () => {
    const { operations, created } = setUp([]);
    expect(await operations.import(ctx, [item(withType)])).toEqual([
      { operationId: 'op-1', state: 'unresolved', unresolvedReferences: [{ typeId: 'type', key: 't' }] },
    ]);
    expect(created).toEqual([]);
  });

  it('writes an order whose references exist, by id, and answers its version', async () => {
    const { operations, created } = setUp(['type:t']);
    expect(await operations.import(ctx, [item(withType)])).toEqual([
      { operationId: 'op-1', state: 'imported', resourceVersion: 1 },
    ]);
    expect(created).toEqual([
      expect.objectContaining({ custom: { type: { typeId: 'type', id: 'type-id' }, fields: {} } }),
    ]);
  });

  it('places a line item without a product on the variant of its SKU, or keeps the SKU alone', async () => {
    const { operations, created } = setUp([]);
    const line = (sku: string) => ({
      name: { en: sku },
      variant: { sku },
      price: { value: eur(1) },
      quantity: 1,
    });
    await operations.import(ctx, [item({ lineItems: [line('known-sku'), line('other-sku')] })]);
    expect(created).toEqual([
      expect.objectContaining({
        lineItems: [
          expect.objectContaining({ productId: 'sku-product-id', variant: { id: 4, sku: 'known-sku' } }),
          expect.objectContaining({ variant: { sku: 'other-sku' } }),
        ],
      }),
    ]);
    expect((created[0] as { lineItems: object[] }).lineItems[1]).not.toHaveProperty('productId');
  });

  it('rejects with the errors of a write the order import refuses, and lets a failure of the service through', async () => {
    const refused = setUp(
      [],
      [],
      Errors.invalidOperation('An imported order needs line items or custom line items.'),
    );
    expect(await refused.operations.import(ctx, [item({})])).toEqual([
      {
        operationId: 'op-1',
        state: 'rejected',
        errors: [expect.objectContaining({ code: 'InvalidOperation' })],
      },
    ]);
    const broken = setUp([], [], new Error('connection reset'));
    await expect(broken.operations.import(ctx, [item({})])).rejects.toThrow('connection reset');
  });

  it('finds the order an earlier claim of the operation wrote, and writes nothing twice', async () => {
    const mine = {
      orderNumber: 'o-1',
      version: 3,
      createdAt: '2026-01-01T10:00:01.000Z',
      createdBy: {
        isPlatformClient: false,
        clientId: 'importer',
        attributedTo: { clientId: 'importer', source: 'Import' },
      },
    } as Partial<Order>;
    const { operations, created } = setUp([], [mine]);
    expect(await operations.import(ctx, [item({})])).toEqual([
      { operationId: 'op-1', state: 'imported', resourceVersion: 3 },
    ]);
    expect(created).toEqual([]);
  });

  it('writes (and so meets the duplicate number) when the existing order is older or not an import', async () => {
    for (const existing of [
      {
        createdAt: '2026-01-01T09:00:00.000Z',
        createdBy: {
          isPlatformClient: false,
          clientId: 'importer',
          attributedTo: { clientId: 'importer', source: 'Import' },
        },
      },
      { createdAt: '2026-01-01T11:00:00.000Z', createdBy: { isPlatformClient: false, clientId: 'importer' } },
    ]) {
      const { operations, created } = setUp(
        [],
        [{ orderNumber: 'o-1', version: 1, ...existing } as Partial<Order>],
      );
      await operations.import(ctx, [item({})]);
      expect(created).toHaveLength(1);
    }
  });

  it('refuses a malformed request whole (400), and a malformed order alone', async () => {
    const { operations } = setUp([]);
    await expect(operations.import(ctx, [{ operationId: 1 }])).rejects.toMatchObject({ status: 400 });
    const outcomes = await operations.import(ctx, [item({ totalPrice: 'free' })]);
    expect(outcomes).toEqual([
      {
        operationId: 'op-1',
        state: 'rejected',
        errors: [expect.objectContaining({ code: 'InvalidJsonInput' })],
      },
    ]);
  });
});
