import type { Product } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { customerGroupDraft, uniqueKey } from '../support/factories.js';
import { newChannel, newType } from '../catalog/catalog-helpers.js';
import { createDiscount, sortOrder } from '../discounts/discount-fixtures.js';
import {
  failure,
  importApi,
  importPrices,
  newContainer,
  operationIn,
  priceImport,
  productWithVariants,
} from './import-helpers.js';

const getProduct = async (id: string): Promise<Product> => (await api.get(`products/${id}`)).body;

describe('Embedded price import', () => {
  it('imports a valid batch into the staged data only by default, as one product write attributed to the import', async () => {
    const importer = await importApi();
    const container = await newContainer(importer, 'price');
    const product = await productWithVariants();
    const secondSku = product.masterData.staged.variants[0].sku!;
    const resources = [
      priceImport(product),
      priceImport(product, { value: { type: 'centPrecision', currencyCode: 'USD', centAmount: 1500 } }),
      priceImport(product, {
        productVariant: { typeId: 'product-variant', key: secondSku },
        country: 'DE',
        value: {
          type: 'highPrecision',
          currencyCode: 'EUR',
          centAmount: 1235,
          fractionDigits: 4,
          preciseAmount: 123456,
        },
        tiers: [
          { minimumQuantity: 10, value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1100 } },
        ],
        validFrom: '2026-01-01T00:00:00.000Z',
      }),
    ];
    const response = await importPrices(importer, container.key, resources);
    expect(response.operationStatus).toHaveLength(3);
    for (const status of response.operationStatus) {
      expect(status).toEqual({ state: 'processing', operationId: expect.any(String) });
    }
    const operations = await Promise.all(
      response.operationStatus.map(({ operationId }) => operationIn(importer, operationId!, ['imported'])),
    );
    const stored = await getProduct(product.id);
    expect(stored.version).toBe(product.version + 1);
    expect(operations.map((operation) => operation.resourceVersion)).toEqual([2, 2, 2]);
    expect(operations[0]).toMatchObject({
      importContainerKey: container.key,
      resourceKey: resources[0].key,
      state: 'imported',
    });
    expect(stored.lastModifiedBy).toMatchObject({ attributedTo: { source: 'Import' } });
    const { masterVariant, variants } = stored.masterData.staged;
    expect(masterVariant.prices).toEqual([
      expect.objectContaining({
        key: resources[0].key,
        value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1299, fractionDigits: 2 },
      }),
      expect.objectContaining({
        key: resources[1].key,
        value: expect.objectContaining({ centAmount: 1500 }),
      }),
    ]);
    expect(variants[0].prices).toEqual([
      expect.objectContaining({
        key: resources[2].key,
        country: 'DE',
        validFrom: '2026-01-01T00:00:00.000Z',
        value: {
          type: 'highPrecision',
          currencyCode: 'EUR',
          centAmount: 1235,
          fractionDigits: 4,
          preciseAmount: 123456,
        },
        tiers: [{ minimumQuantity: 10, value: expect.objectContaining({ centAmount: 1100 }) }],
      }),
    ]);
    expect(stored.masterData.current.masterVariant.prices).toEqual([]);
    expect(stored.masterData.hasStagedChanges).toBe(true);

    const summary = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importSummaries()
      .get()
      .execute();
    expect(summary.body).toEqual({
      states: {
        processing: 0,
        validationFailed: 0,
        unresolved: 0,
        waitForMasterVariant: 0,
        imported: 3,
        rejected: 0,
        canceled: 0,
        partiallyImported: 0,
      },
      total: 3,
    });
  });

  it('with staged false writes current and staged; the same key again updates the price instead of adding one', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const channel = await newChannel({ roles: ['ProductDistribution'] });
    const first = priceImport(product, { staged: false, channel: { typeId: 'channel', key: channel.key } });
    const [{ operationId }] = (await importPrices(importer, container.key, [first])).operationStatus;
    await operationIn(importer, operationId!, ['imported']);
    const again = {
      ...first,
      value: { type: 'centPrecision' as const, currencyCode: 'EUR', centAmount: 999 },
    };
    const [{ operationId: secondId }] = (await importPrices(importer, container.key, [again]))
      .operationStatus;
    await operationIn(importer, secondId!, ['imported']);
    const stored = await getProduct(product.id);
    for (const data of [stored.masterData.current, stored.masterData.staged]) {
      expect(data.masterVariant.prices).toEqual([
        expect.objectContaining({
          key: first.key,
          channel: { typeId: 'channel', id: channel.id },
          value: expect.objectContaining({ centAmount: 999 }),
        }),
      ]);
    }
    expect(stored.masterData.current.masterVariant.prices?.[0].id).toBe(
      stored.masterData.staged.masterVariant.prices?.[0].id,
    );
  });

  it('stays unresolved while the customer group does not exist, then imports once it is created', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const groupKey = uniqueKey('group');
    const price = priceImport(product, { customerGroup: { typeId: 'customer-group', key: groupKey } });
    const [{ operationId }] = (await importPrices(importer, container.key, [price])).operationStatus;
    const waiting = await operationIn(importer, operationId!, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([{ typeId: 'customer-group', key: groupKey }]);
    const listed = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importOperations()
      .get({ queryArgs: { state: 'unresolved', debug: true } })
      .execute();
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: operationId,
        unresolvedReferences: [{ typeId: 'customer-group', key: groupKey }],
      }),
    ]);
    const hidden = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importOperations()
      .get({ queryArgs: { resourceKey: price.key } })
      .execute();
    expect(hidden.body.results).toHaveLength(1);
    expect(hidden.body.results[0].unresolvedReferences).toBeUndefined();

    const group = await api.create('customer-groups', customerGroupDraft({ key: groupKey }));
    const imported = await operationIn(importer, operationId!, ['imported']);
    expect(imported.unresolvedReferences).toBeUndefined();
    const stored = await getProduct(product.id);
    expect(stored.masterData.staged.masterVariant.prices).toEqual([
      expect.objectContaining({ key: price.key, customerGroup: { typeId: 'customer-group', id: group.id } }),
    ]);
  });

  it("sets an external product discount's value given by key, unresolved until the discount exists; not a relative one's", async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const discountKey = uniqueKey('external');
    const eur = (centAmount: number) => ({ type: 'centPrecision' as const, currencyCode: 'EUR', centAmount });
    const price = priceImport(product, {
      discounted: { value: eur(999), discount: { typeId: 'product-discount', key: discountKey } },
    });
    const [{ operationId }] = (await importPrices(importer, container.key, [price])).operationStatus;
    const waiting = await operationIn(importer, operationId!, ['unresolved']);
    expect(waiting.unresolvedReferences).toEqual([{ typeId: 'product-discount', key: discountKey }]);
    // External discounts apply to nothing by themselves: this one changes no other test's prices.
    const external = await createDiscount({
      key: discountKey,
      predicate: 'sku = "none"',
      value: { type: 'external' },
      sortOrder: sortOrder('8'),
    });
    await operationIn(importer, operationId!, ['imported']);
    const stored = await getProduct(product.id);
    expect(stored.masterData.staged.masterVariant.prices).toEqual([
      expect.objectContaining({
        key: price.key,
        discounted: {
          value: expect.objectContaining({ currencyCode: 'EUR', centAmount: 999 }),
          discount: { typeId: 'product-discount', id: external.id },
        },
      }),
    ]);

    const relative = await createDiscount({
      key: uniqueKey('relative'),
      predicate: 'sku = "none"',
      isActive: false,
      sortOrder: sortOrder('8'),
    });
    const refused = priceImport(product, {
      discounted: { value: eur(999), discount: { typeId: 'product-discount', key: relative.key! } },
    });
    const [second] = (await importPrices(importer, container.key, [refused])).operationStatus;
    const failed = await operationIn(importer, second.operationId!, ['validationFailed']);
    expect(failed.errors).toEqual([expect.objectContaining({ code: 'InvalidInput' })]);
  });

  it('refuses 21 resources, and invalid fields naming the field and the resource index, importing none', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const tooMany = await failure(
      importPrices(
        importer,
        container.key,
        Array.from({ length: 21 }, () => priceImport(product)),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.errors).toEqual([
      expect.objectContaining({ code: 'InvalidField', field: 'resources' }),
    ]);

    const bad = [
      priceImport(product),
      priceImport(product, { key: 'x' }),
      priceImport(product, { country: 'de' }),
      priceImport(product, { value: { type: 'centPrecision', currencyCode: 'EURO', centAmount: 1.5 } }),
      priceImport(product, {
        tiers: [{ minimumQuantity: 1, value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1 } }],
      }),
      {
        ...priceImport(product),
        product: { typeId: 'product' as const, key: undefined as unknown as string },
      },
    ];
    const refused = await failure(importPrices(importer, container.key, bad));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Complete request got rejected. Import request has some invalid fields',
    });
    const named = refused.body.errors.map((e: { field: string; resourceIndex: number }) => [
      e.field,
      e.resourceIndex,
    ]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['resources.1.key', 1],
        ['resources.2.country', 2],
        ['resources.3.value.currencyCode', 3],
        ['resources.3.value.centAmount', 3],
        ['resources.4.tiers.0.minimumQuantity', 4],
        ['resources.5.product.key', 5],
      ]),
    );
    expect(named.some(([, index]: [string, number]) => index === 0)).toBe(false);
    const summary = await importer
      .importContainers()
      .withImportContainerKeyValue({ importContainerKey: container.key })
      .importSummaries()
      .get()
      .execute();
    expect(summary.body.total).toBe(0);
  });

  it('refuses an unknown container (404) and a container of another resource type', async () => {
    const importer = await importApi();
    const product = await productWithVariants();
    const missing = uniqueKey('nothing');
    const unknown = await failure(importPrices(importer, missing, [priceImport(product)]));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(`Import container ${missing} does not exist`);
    const products = await newContainer(importer, 'product');
    expect((await failure(importPrices(importer, products.key, [priceImport(product)]))).statusCode).toBe(
      400,
    );
    expect(
      (await failure(importer.importOperations().withIdValue({ id: uniqueKey() }).get().execute()))
        .statusCode,
    ).toBe(404);
  });

  it('rejects a price whose scope conflicts with another price of the variant, and imports the rest', async () => {
    const importer = await importApi();
    const container = await newContainer(importer);
    const product = await productWithVariants();
    const type = await newType(['product-price'], {
      fieldDefinitions: [
        {
          name: 'note',
          label: { en: 'Note' },
          required: false,
          type: { name: 'String' },
          inputHint: 'SingleLine',
        },
      ],
    });
    const ok = priceImport(product, {
      custom: { type: { typeId: 'type', key: type.key }, fields: { note: { type: 'String', value: 'hi' } } },
    });
    const conflicting = priceImport(product);
    const { operationStatus } = await importPrices(importer, container.key, [ok, conflicting]);
    const imported = await operationIn(importer, operationStatus[0].operationId!, ['imported']);
    const rejected = await operationIn(importer, operationStatus[1].operationId!, ['rejected']);
    expect(rejected.errors).toEqual([expect.objectContaining({ code: 'DuplicatePriceScope' })]);
    const stored = await getProduct(product.id);
    expect(stored.version).toBe(imported.resourceVersion);
    expect(stored.masterData.staged.masterVariant.prices).toEqual([
      expect.objectContaining({
        key: ok.key,
        custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'hi' } },
      }),
    ]);
  });
});
