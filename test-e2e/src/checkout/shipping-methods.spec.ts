import type {
  ShippingMethod,
  ShippingMethodDraft,
  ShippingMethodUpdateAction,
  TaxCategory,
  Zone,
} from '@commercetools/platform-sdk';
import { data, graphql } from '../graphql/graphql-helpers.js';
import { storeDraft, taxCategoryDraft, typeDraft, uniqueKey, zoneDraft } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { failure, freshProject, type Client } from './checkout-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const usd = (centAmount: number) => ({ currencyCode: 'USD', centAmount });
const cents = (currencyCode: string, centAmount: number) => ({
  type: 'centPrecision',
  currencyCode,
  centAmount,
  fractionDigits: 2,
});

async function fixtures(client: Client) {
  const zone = (await client.zones().post({ body: zoneDraft() }).execute()).body;
  const taxCategory = (await client.taxCategories().post({ body: taxCategoryDraft() }).execute()).body;
  return { zone, taxCategory };
}

/** A zone and a tax category the tests that delete neither share: a project has at most 100 zones. */
let shared: ReturnType<typeof fixtures> | undefined;
const sharedFixtures = async () => (shared ??= fixtures(await sdk()));

const methodDraft = (
  zone: Zone,
  taxCategory: TaxCategory,
  overrides: Partial<ShippingMethodDraft> = {},
): ShippingMethodDraft => ({
  key: uniqueKey('sm'),
  name: uniqueKey('Standard'),
  taxCategory: { typeId: 'tax-category', id: taxCategory.id },
  zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: eur(490) }] }],
  isDefault: false,
  ...overrides,
});

const update = async (client: Client, method: ShippingMethod, ...actions: ShippingMethodUpdateAction[]) =>
  (
    await client
      .shippingMethods()
      .withId({ ID: method.id })
      .post({ body: { version: method.version, actions } })
      .execute()
  ).body;

describe('Shipping methods', () => {
  it('are created with every draft field, read by id and key, queried and deleted through the SDK', async () => {
    const client = await sdk();
    const { zone, taxCategory } = await fixtures(client);
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const type = (
      await client
        .types()
        .post({ body: typeDraft(['shipping-method']) as never })
        .execute()
    ).body;
    const draft = methodDraft(zone, taxCategory, {
      localizedName: { en: 'Standard', de: 'Standard' },
      description: 'Three to five days',
      localizedDescription: { en: 'Three to five days' },
      zoneRates: [
        {
          zone: { typeId: 'zone', key: zone.key },
          shippingRates: [
            {
              price: eur(490),
              freeAbove: eur(5000),
              tiers: [
                { type: 'CartValue', minimumCentAmount: 2000, price: eur(290) },
                { type: 'CartValue', minimumCentAmount: 3000, price: eur(190) },
              ],
            },
            {
              price: usd(590),
              tiers: [
                { type: 'CartScore', score: 1, price: usd(690) },
                {
                  type: 'CartScore',
                  score: 2,
                  priceFunction: { currencyCode: 'USD', function: '(99 * x) + 3' },
                },
              ],
            },
          ],
        },
      ],
      predicate: 'country = "DE"',
      stores: [{ typeId: 'store', key: store.key }],
      carrier: 'DHL',
      custom: { type: { typeId: 'type', id: type.id }, fields: {} },
    });
    const created = await client.shippingMethods().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    const method = created.body;
    // GraphQL tells the tiers apart by their type: an interface with one object type per tier type.
    const read = await data(
      client,
      `query ($key: String) {
        shippingMethod(key: $key) { zoneRates { shippingRates { tiers {
          __typename type
          ... on ShippingRateCartValuePriceTier { minimumCentAmount }
          ... on ShippingRateCartScorePriceTier { score }
        } } } }
      }`,
      { key: draft.key },
    );
    expect(
      (
        read.shippingMethod as { zoneRates: Array<{ shippingRates: Array<{ tiers: unknown[] }> }> }
      ).zoneRates[0].shippingRates.map((rate) => rate.tiers),
    ).toEqual([
      [
        { __typename: 'ShippingRateCartValuePriceTier', type: 'CartValue', minimumCentAmount: 2000 },
        { __typename: 'ShippingRateCartValuePriceTier', type: 'CartValue', minimumCentAmount: 3000 },
      ],
      [
        { __typename: 'ShippingRateCartScorePriceTier', type: 'CartScore', score: 1 },
        { __typename: 'ShippingRateCartScorePriceTier', type: 'CartScore', score: 2 },
      ],
    ]);
    expect(method).toEqual({
      id: expect.any(String),
      version: 1,
      key: draft.key,
      name: draft.name,
      localizedName: { en: 'Standard', de: 'Standard' },
      description: 'Three to five days',
      localizedDescription: { en: 'Three to five days' },
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      zoneRates: [
        {
          zone: { typeId: 'zone', id: zone.id },
          shippingRates: [
            {
              price: cents('EUR', 490),
              freeAbove: cents('EUR', 5000),
              tiers: [
                { type: 'CartValue', minimumCentAmount: 2000, price: cents('EUR', 290) },
                { type: 'CartValue', minimumCentAmount: 3000, price: cents('EUR', 190) },
              ],
            },
            {
              price: cents('USD', 590),
              tiers: [
                { type: 'CartScore', score: 1, price: cents('USD', 690) },
                {
                  type: 'CartScore',
                  score: 2,
                  priceFunction: { currencyCode: 'USD', function: '(99 * x) + 3' },
                },
              ],
            },
          ],
        },
      ],
      active: true,
      isDefault: false,
      predicate: 'country = "DE"',
      stores: [{ typeId: 'store', key: store.key }],
      carrier: 'DHL',
      custom: { type: { typeId: 'type', id: type.id }, fields: {} },
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
      createdBy: expect.any(Object),
      lastModifiedBy: expect.any(Object),
    });
    expect((await client.shippingMethods().withId({ ID: method.id }).get().execute()).body).toEqual(method);
    expect((await client.shippingMethods().withKey({ key: method.key! }).get().execute()).body).toEqual(
      method,
    );
    const page = await client
      .shippingMethods()
      .get({ queryArgs: { where: `zoneRates(zone(id = "${zone.id}"))`, expand: ['taxCategory'] } })
      .execute();
    expect(page.body.results).toHaveLength(1);
    expect(page.body.results[0].taxCategory.obj).toMatchObject({ id: taxCategory.id });
    const deleted = await client
      .shippingMethods()
      .withKey({ key: method.key! })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(await failure(client.shippingMethods().withId({ ID: method.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
  });

  it('apply every update action', async () => {
    const client = await sdk();
    const { zone, taxCategory } = await fixtures(client);
    const second = (await client.zones().post({ body: zoneDraft() }).execute()).body;
    const otherTax = (await client.taxCategories().post({ body: taxCategoryDraft() }).execute()).body;
    const [storeA, storeB] = await Promise.all(
      [1, 2].map(async () => (await client.stores().post({ body: storeDraft() }).execute()).body),
    );
    const type = (
      await client
        .types()
        .post({ body: typeDraft(['shipping-method']) as never })
        .execute()
    ).body;
    let method = (
      await client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory) })
        .execute()
    ).body;
    const key = uniqueKey('sm');
    method = await update(
      client,
      method,
      { action: 'changeName', name: `${method.name}-renamed` },
      { action: 'changeActive', active: false },
      { action: 'changeTaxCategory', taxCategory: { typeId: 'tax-category', key: otherTax.key } },
      { action: 'setKey', key },
      { action: 'setDescription', description: 'Overnight' },
      { action: 'setLocalizedName', localizedName: { en: 'Express' } },
      { action: 'setLocalizedDescription', localizedDescription: { de: 'Über Nacht' } },
      { action: 'setPredicate', predicate: 'customer(email = "a@example.com")' },
      { action: 'setCarrier', carrier: 'UPS' },
      { action: 'addZone', zone: { typeId: 'zone', id: second.id } },
      {
        action: 'addShippingRate',
        zone: { typeId: 'zone', id: second.id },
        shippingRate: { price: usd(1500) },
      },
      {
        action: 'addShippingRate',
        zone: { typeId: 'zone', id: zone.id },
        shippingRate: {
          price: usd(900),
          tiers: [{ type: 'CartClassification', value: 'Heavy', price: usd(1900) }],
        },
      },
      {
        action: 'removeShippingRate',
        zone: { typeId: 'zone', id: zone.id },
        shippingRate: { price: eur(490) },
      },
      { action: 'addStore', store: { typeId: 'store', key: storeA.key } },
      { action: 'addStore', store: { typeId: 'store', id: storeB.id } },
      { action: 'removeStore', store: { typeId: 'store', key: storeA.key } },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { note: 'x' } },
      { action: 'setCustomField', name: 'note', value: 'y' },
      { action: 'changeIsDefault', isDefault: false },
    );
    expect(method).toMatchObject({
      version: 2,
      key,
      name: expect.stringMatching(/-renamed$/),
      active: false,
      isDefault: false,
      taxCategory: { typeId: 'tax-category', id: otherTax.id },
      description: 'Overnight',
      localizedName: { en: 'Express' },
      localizedDescription: { de: 'Über Nacht' },
      predicate: 'customer(email = "a@example.com")',
      carrier: 'UPS',
      stores: [{ typeId: 'store', key: storeB.key }],
      custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'y' } },
      zoneRates: [
        {
          zone: { typeId: 'zone', id: zone.id },
          shippingRates: [
            {
              price: cents('USD', 900),
              tiers: [{ type: 'CartClassification', value: 'Heavy', price: cents('USD', 1900) }],
            },
          ],
        },
        {
          zone: { typeId: 'zone', id: second.id },
          shippingRates: [{ price: cents('USD', 1500), tiers: [] }],
        },
      ],
    });
    method = await update(
      client,
      method,
      { action: 'removeZone', zone: { typeId: 'zone', key: zone.key } },
      { action: 'setStores', stores: [{ typeId: 'store', key: storeA.key }] },
      { action: 'setDescription' },
      { action: 'setLocalizedName' },
      { action: 'setLocalizedDescription' },
      { action: 'setPredicate' },
      { action: 'setCarrier' },
      { action: 'setKey' },
      { action: 'setCustomType' },
    );
    expect(method.zoneRates.map((rate) => rate.zone.id)).toEqual([second.id]);
    expect(method.stores).toEqual([{ typeId: 'store', key: storeA.key }]);
    for (const field of [
      'description',
      'localizedName',
      'localizedDescription',
      'predicate',
      'carrier',
      'key',
      'custom',
    ]) {
      expect(method).not.toHaveProperty(field);
    }
  });

  it.each([
    [
      'an unknown tax category',
      { taxCategory: { typeId: 'tax-category', key: 'no-such-tax' } },
      'ReferencedResourceNotFound',
    ],
    [
      'an unknown zone',
      { zoneRates: [{ zone: { typeId: 'zone', key: 'no-such-zone' }, shippingRates: [] }] },
      'ReferencedResourceNotFound',
    ],
    [
      'an unknown Store',
      { stores: [{ typeId: 'store', key: 'no-such-store' }] },
      'ReferencedResourceNotFound',
    ],
    ['a predicate that does not parse', { predicate: 'country = ' }, 'InvalidInput'],
    ['no isDefault', { isDefault: undefined }, 'InvalidJsonInput'],
    ['a tier of an unknown type', { tiers: [{ type: 'CartWeight', price: eur(1) }] }, 'InvalidJsonInput'],
    ['two rates in one currency', { rates: [{ price: eur(1) }, { price: eur(2) }] }, 'InvalidOperation'],
    [
      'freeAbove in another currency',
      { rates: [{ price: eur(1), freeAbove: usd(100) }] },
      'InvalidOperation',
    ],
    [
      'a CartScore tier with neither price nor function',
      { tiers: [{ type: 'CartScore', score: 1 }] },
      'InvalidOperation',
    ],
    [
      'a price function that is code',
      {
        tiers: [
          { type: 'CartScore', score: 1, priceFunction: { currencyCode: 'EUR', function: 'process.exit()' } },
        ],
      },
      'InvalidInput',
    ],
    [
      'tiers of two types',
      {
        tiers: [
          { type: 'CartScore', score: 1, price: eur(1) },
          { type: 'CartValue', minimumCentAmount: 1, price: eur(1) },
        ],
      },
      'InvalidOperation',
    ],
  ])('refuse a draft with %s', async (_case, overrides: Record<string, unknown>, code) => {
    const client = await sdk();
    const { zone, taxCategory } = await sharedFixtures();
    const { rates, tiers, ...fields } = overrides as { rates?: object[]; tiers?: object[] };
    const shippingRates = rates ?? [{ price: eur(490), ...(tiers ? { tiers } : {}) }];
    const draft = {
      ...methodDraft(zone, taxCategory, {
        zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: shippingRates as never }],
      }),
      ...fields,
    };
    const refused = await failure(client.shippingMethods().post({ body: draft }).execute());
    expect(refused).toMatchObject({ statusCode: 400, code });
  });

  it('keep names unique (DuplicateField name) and one default per project (DuplicateField isDefault)', async () => {
    const { client } = await freshProject();
    const { zone, taxCategory } = await fixtures(client);
    const first = (
      await client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory, { isDefault: true }) })
        .execute()
    ).body;
    const sameName = await failure(
      client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory, { name: first.name }) })
        .execute(),
    );
    expect(sameName).toMatchObject({ statusCode: 400, code: 'DuplicateField', error: { field: 'name' } });
    const secondDefault = await failure(
      client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory, { isDefault: true }) })
        .execute(),
    );
    expect(secondDefault).toMatchObject({
      statusCode: 400,
      code: 'DuplicateField',
      error: { field: 'isDefault' },
    });
    const second = (
      await client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory) })
        .execute()
    ).body;
    expect(
      await failure(update(client, second, { action: 'changeIsDefault', isDefault: true })),
    ).toMatchObject({ statusCode: 400, code: 'DuplicateField' });
    await update(client, first, { action: 'changeIsDefault', isDefault: false });
    const promoted = await update(client, second, { action: 'changeIsDefault', isDefault: true });
    expect(promoted.isDefault).toBe(true);
    const taken = await failure(update(client, promoted, { action: 'changeName', name: first.name }));
    expect(taken).toMatchObject({ statusCode: 400, code: 'DuplicateField', error: { field: 'name' } });
  });

  it('refuse update actions on zones and rates the method does not have (InvalidOperation)', async () => {
    const client = await sdk();
    const { zone, taxCategory } = await sharedFixtures();
    const other = (await client.zones().post({ body: zoneDraft() }).execute()).body;
    const method = (
      await client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory) })
        .execute()
    ).body;
    const zoneOf = (z: Zone) => ({ typeId: 'zone' as const, id: z.id });
    for (const action of [
      { action: 'addShippingRate', zone: zoneOf(other), shippingRate: { price: eur(1) } },
      { action: 'removeShippingRate', zone: zoneOf(zone), shippingRate: { price: eur(1) } },
      { action: 'addShippingRate', zone: zoneOf(zone), shippingRate: { price: eur(1) } },
      { action: 'addZone', zone: zoneOf(zone) },
      { action: 'removeZone', zone: zoneOf(other) },
    ] as ShippingMethodUpdateAction[]) {
      expect(await failure(update(client, method, action))).toMatchObject({
        statusCode: 400,
        code: 'InvalidOperation',
      });
    }
    const unknown = await failure(
      update(client, method, { action: 'addZone', zone: { typeId: 'zone', id: 'no-such-zone' } }),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
  });

  it('keep the zone, tax category and Store they refer to from being deleted (ReferenceExists)', async () => {
    const client = await sdk();
    const { zone, taxCategory } = await fixtures(client);
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const method = (
      await client
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory, { stores: [{ typeId: 'store', id: store.id }] }) })
        .execute()
    ).body;
    const deleteZone = () =>
      client
        .zones()
        .withId({ ID: zone.id })
        .delete({ queryArgs: { version: zone.version } })
        .execute();
    const deleteTax = () =>
      client
        .taxCategories()
        .withId({ ID: taxCategory.id })
        .delete({ queryArgs: { version: taxCategory.version } })
        .execute();
    const deleteStore = () =>
      client
        .stores()
        .withId({ ID: store.id })
        .delete({ queryArgs: { version: store.version } })
        .execute();
    for (const remove of [deleteZone, deleteTax, deleteStore]) {
      expect(await failure(remove())).toMatchObject({
        statusCode: 400,
        code: 'ReferenceExists',
        error: { referencedBy: 'shipping-method' },
      });
    }
    await client
      .shippingMethods()
      .withId({ ID: method.id })
      .delete({ queryArgs: { version: method.version } })
      .execute();
    for (const remove of [deleteZone, deleteTax, deleteStore]) expect((await remove()).statusCode).toBe(200);
  });

  it('that ship to a location: active ones with a rate in its zone, rates marked isMatching, the default first', async () => {
    const { client } = await freshProject();
    const taxCategory = (await client.taxCategories().post({ body: taxCategoryDraft() }).execute()).body;
    const state = uniqueKey('Bavaria');
    const bavaria = (
      await client
        .zones()
        .post({ body: zoneDraft({ locations: [{ country: 'DE', state }] }) })
        .execute()
    ).body;
    const germany = (
      await client
        .zones()
        .post({ body: zoneDraft({ locations: [{ country: 'DE' }] }) })
        .execute()
    ).body;
    const create = async (zone: Zone, rates: object[], overrides: Partial<ShippingMethodDraft> = {}) =>
      (
        await client
          .shippingMethods()
          .post({
            body: methodDraft(zone, taxCategory, {
              zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: rates as never }],
              ...overrides,
            }),
          })
          .execute()
      ).body;
    const cheap = await create(bavaria, [{ price: eur(300) }]);
    const both = await create(bavaria, [{ price: eur(500) }, { price: usd(600) }], { isDefault: true });
    await create(bavaria, [{ price: eur(100) }], { active: false });
    const dollars = await create(bavaria, [{ price: usd(700) }]);
    const national = await create(germany, [{ price: eur(800) }]);

    const matching = (queryArgs: { country: string; state?: string; currency?: string }) =>
      client.shippingMethods().matchingLocation().get({ queryArgs }).execute();
    const inEuro = (await matching({ country: 'DE', state, currency: 'EUR' })).body;
    expect(inEuro.results.map((method) => method.id)).toEqual([both.id, cheap.id]);
    expect(inEuro.results[0].zoneRates).toEqual([
      {
        zone: { typeId: 'zone', id: bavaria.id },
        shippingRates: [
          { price: cents('EUR', 500), tiers: [], isMatching: true },
          { price: cents('USD', 600), tiers: [], isMatching: false },
        ],
      },
    ]);
    const anyCurrency = (await matching({ country: 'DE', state })).body;
    expect(anyCurrency.results.map((method) => method.id)).toEqual([both.id, cheap.id, dollars.id]);
    expect(anyCurrency.results.flatMap((m) => m.zoneRates[0].shippingRates.map((r) => r.isMatching))).toEqual(
      [true, true, true, true],
    );
    // Another state of the country falls to the zone of the country alone.
    const elsewhere = (await matching({ country: 'DE', state: 'Saxony', currency: 'EUR' })).body;
    expect(elsewhere.results.map((method) => method.id)).toEqual([national.id]);
    expect((await matching({ country: 'FR' })).body.results).toEqual([]);
    expect(await failure(matching({ country: 'Germany' }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidInput',
    });
  });

  it('are read with view_shipping_methods, view_orders or manage_my_orders and written with manage_shipping_methods or manage_orders', async () => {
    const { projectKey } = await platform();
    const admin = await sdk();
    const { zone, taxCategory } = await sharedFixtures();
    const method = (
      await admin
        .shippingMethods()
        .post({ body: methodDraft(zone, taxCategory) })
        .execute()
    ).body;
    for (const scope of ['view_shipping_methods', 'view_orders', 'manage_my_orders', 'manage_orders']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      expect((await client.shippingMethods().withId({ ID: method.id }).get().execute()).body.id).toBe(
        method.id,
      );
      const matching = await client
        .shippingMethods()
        .matchingLocation()
        .get({ queryArgs: { country: 'DE' } })
        .execute();
      expect(matching.statusCode).toBe(200);
    }
    for (const scope of ['view_shipping_methods', 'view_orders', 'manage_zones']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      const refused = await failure(
        client
          .shippingMethods()
          .post({ body: methodDraft(zone, taxCategory) })
          .execute(),
      );
      expect(refused?.statusCode).toBe(403);
    }
    const zonesOnly = await sdk([`view_zones:${projectKey}`]);
    expect((await failure(zonesOnly.shippingMethods().get().execute()))?.statusCode).toBe(403);
    for (const scope of ['manage_shipping_methods', 'manage_orders']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      expect(
        (
          await client
            .shippingMethods()
            .post({ body: methodDraft(zone, taxCategory) })
            .execute()
        ).statusCode,
      ).toBe(201);
    }
  });

  it('are read and written through GraphQL, and found by location with shippingMethodsByLocation', async () => {
    const client = await sdk();
    const { zone, taxCategory } = await fixtures(client);
    const key = uniqueKey('sm');
    const created = await data(
      client,
      `mutation ($draft: ShippingMethodDraft!) {
        createShippingMethod(draft: $draft) {
          id version key name localizedName(locale: "de") active isDefault taxCategoryRef { id }
          zoneRates { zoneRef { id } zone { key } shippingRates { price { currencyCode centAmount } freeAbove { centAmount } } }
        }
      }`,
      {
        draft: {
          key,
          name: key,
          localizedName: [{ locale: 'de', value: 'Paket' }],
          taxCategory: { typeId: 'tax-category', id: taxCategory.id },
          zoneRates: [
            {
              zone: { typeId: 'zone', key: zone.key },
              shippingRates: [
                {
                  price: { currencyCode: 'EUR', centAmount: 490 },
                  freeAbove: { currencyCode: 'EUR', centAmount: 9900 },
                },
              ],
            },
          ],
          isDefault: false,
        },
      },
    );
    expect(created.createShippingMethod).toEqual({
      id: expect.any(String),
      version: 1,
      key,
      name: key,
      localizedName: 'Paket',
      active: true,
      isDefault: false,
      taxCategoryRef: { id: taxCategory.id },
      zoneRates: [
        {
          zoneRef: { id: zone.id },
          zone: { key: zone.key },
          shippingRates: [
            { price: { currencyCode: 'EUR', centAmount: 490 }, freeAbove: { centAmount: 9900 } },
          ],
        },
      ],
    });
    const [location] = zone.locations;
    const read = await data(
      client,
      `query ($key: String, $where: String, $country: Country!, $state: String) {
        shippingMethod(key: $key) { id carrier }
        shippingMethods(where: $where) { count results { key } }
        shippingMethodsByLocation(country: $country, state: $state, currency: "EUR") {
          key zoneRates { shippingRates { isMatching price { centAmount } } }
        }
      }`,
      { key, where: `key = "${key}"`, country: location.country, state: location.state },
    );
    expect(read).toEqual({
      shippingMethod: { id: created.createShippingMethod.id, carrier: null },
      shippingMethods: { count: 1, results: [{ key }] },
      shippingMethodsByLocation: [
        { key, zoneRates: [{ shippingRates: [{ isMatching: true, price: { centAmount: 490 } }] }] },
      ],
    });
    const updated = await data(
      client,
      `mutation ($key: String, $actions: [ShippingMethodUpdateAction!]!) {
        updateShippingMethod(key: $key, version: 1, actions: $actions) { version carrier active }
      }`,
      { key, actions: [{ setCarrier: { carrier: 'GLS' } }, { changeActive: { active: false } }] },
    );
    expect(updated.updateShippingMethod).toEqual({ version: 2, carrier: 'GLS', active: false });
    const deleted = await data(client, `mutation { deleteShippingMethod(key: "${key}", version: 2) { id } }`);
    expect(deleted.deleteShippingMethod.id).toBe(created.createShippingMethod.id);
    const readOnly = await sdk([`view_shipping_methods:${(await platform()).projectKey}`]);
    const refused = await graphql(
      readOnly,
      `mutation { deleteShippingMethod(key: "${key}", version: 2) { id } }`,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
  });
});
