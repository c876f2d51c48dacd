import type { Project, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { sdk } from '../support/sdk.js';
import { admin } from './auth-helpers.js';

async function updateProject(...actions: ProjectUpdateAction[]): Promise<Project> {
  const client = await sdk();
  const { body: current } = await client.get().execute();
  const { body } = await client.post({ body: { version: current.version, actions } }).execute();
  return body;
}

async function refusal(...actions: object[]) {
  const { body: current } = await admin('GET', '');
  const response = await admin('POST', '', { version: current.version, actions });
  return { status: response.status, error: response.body.errors?.[0] };
}

describe("the Project's settings", () => {
  // The e2e project is shared by every file: what this one changes goes back afterwards (carts' rounding and
  // expiry, the discount combination mode and the reservations are read by the checkout files).
  let initial: Project;
  beforeAll(async () => {
    initial = (await (await sdk()).get().execute()).body;
  });
  afterAll(async () => {
    const { carts, shoppingLists, searchIndexing, businessUnits, discounts, inventory } = initial;
    await updateProject(
      { action: 'changeCartsConfiguration', cartsConfiguration: carts },
      {
        action: 'changeCountryTaxRateFallbackEnabled',
        countryTaxRateFallbackEnabled: carts.countryTaxRateFallbackEnabled ?? false,
      },
      { action: 'changePriceRoundingMode', priceRoundingMode: carts.priceRoundingMode ?? 'HalfEven' },
      {
        action: 'changeShoppingListsConfiguration',
        shoppingListsConfiguration: shoppingLists ?? { deleteDaysAfterLastModification: 360 },
      },
      {
        action: 'changeOrderSearchStatus',
        status: searchIndexing?.orders?.status === 'Activated' ? 'Activated' : 'Deactivated',
      },
      {
        action: 'changeBusinessUnitSearchStatus',
        status: searchIndexing?.businessUnits?.status === 'Activated' ? 'Activated' : 'Deactivated',
      },
      {
        action: 'changeMyBusinessUnitStatusOnCreation',
        status: businessUnits?.myBusinessUnitStatusOnCreation ?? 'Inactive',
      },
      { action: 'setDiscountsConfiguration', discountsConfiguration: discounts },
      {
        action: 'setReleaseExpiredReservations',
        releaseExpiredReservations: inventory?.releaseExpiredReservations ?? true,
      },
      // Once set it can not be unset (the SDK's action takes a number): back to the value, if there was one.
      ...(inventory?.reservationExpirationInMinutes === undefined
        ? []
        : [
            {
              action: 'setReservationExpirationInMinutes' as const,
              reservationExpirationInMinutes: inventory.reservationExpirationInMinutes,
            },
          ]),
    );
  });

  it('are answered with the live API defaults', async () => {
    const { body } = await (await sdk()).get().execute();
    expect(body).toMatchObject({
      carts: {
        deleteDaysAfterLastModification: 90,
        countryTaxRateFallbackEnabled: false,
        priceRoundingMode: 'HalfEven',
        taxRoundingMode: 'HalfEven',
      },
      shoppingLists: { deleteDaysAfterLastModification: 360 },
      searchIndexing: {
        products: { status: 'Deactivated' },
        productsSearch: { status: 'Deactivated' },
        orders: { status: 'Deactivated' },
        customers: { status: 'Deactivated' },
        businessUnits: { status: 'Deactivated' },
      },
      businessUnits: { myBusinessUnitStatusOnCreation: 'Inactive' },
      inventory: { releaseExpiredReservations: true },
      discounts: { discountCombinationMode: 'Stacking' },
    });
    expect(body).not.toHaveProperty('shippingRateInputType');
  });

  it('change through every settings action of the SDK', async () => {
    const before = Date.now();
    const project = await updateProject(
      {
        action: 'changeCartsConfiguration',
        cartsConfiguration: { deleteDaysAfterLastModification: 42, taxRoundingMode: 'HalfUp' },
      },
      { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true },
      { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfDown' },
      {
        action: 'changeShoppingListsConfiguration',
        shoppingListsConfiguration: { deleteDaysAfterLastModification: 7 },
      },
      { action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductsSearch' },
      { action: 'changeOrderSearchStatus', status: 'Activated' },
      { action: 'changeCustomerSearchStatus', status: 'Activated' },
      { action: 'changeBusinessUnitSearchStatus', status: 'Activated' },
      { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
      {
        action: 'setShippingRateInputType',
        shippingRateInputType: {
          type: 'CartClassification',
          values: [
            { key: 'Light', label: { en: 'Light' } },
            { key: 'Heavy', label: { en: 'Heavy', de: 'Schwer' } },
          ],
        },
      },
      {
        action: 'setDiscountsConfiguration',
        discountsConfiguration: { discountCombinationMode: 'BestDeal' },
      },
      { action: 'setReleaseExpiredReservations', releaseExpiredReservations: false },
      { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 30 },
      { action: 'setProductCatalogModel', productCatalogModel: 'Classic' },
    );
    expect(project).toMatchObject({
      carts: {
        deleteDaysAfterLastModification: 42,
        countryTaxRateFallbackEnabled: true,
        priceRoundingMode: 'HalfDown',
        taxRoundingMode: 'HalfUp',
      },
      shoppingLists: { deleteDaysAfterLastModification: 7 },
      searchIndexing: {
        products: { status: 'Deactivated' },
        productsSearch: { status: 'Activated', lastModifiedBy: { clientId: expect.any(String) } },
        orders: { status: 'Activated' },
        customers: { status: 'Activated' },
        businessUnits: { status: 'Activated' },
      },
      businessUnits: { myBusinessUnitStatusOnCreation: 'Active' },
      shippingRateInputType: {
        type: 'CartClassification',
        values: [
          { key: 'Light', label: { en: 'Light' } },
          { key: 'Heavy', label: { en: 'Heavy', de: 'Schwer' } },
        ],
      },
      discounts: { discountCombinationMode: 'BestDeal' },
      inventory: { releaseExpiredReservations: false, reservationExpirationInMinutes: 30 },
      productCatalogModel: 'Classic',
    });
    const changedAt = Date.parse(project.searchIndexing!.customers!.lastModifiedAt!);
    expect(changedAt).toBeGreaterThanOrEqual(before - 1_000);

    const reset = await updateProject(
      { action: 'setShippingRateInputType' },
      { action: 'changeProductSearchIndexingEnabled', enabled: false, mode: 'ProductsSearch' },
      { action: 'changeCustomerSearchStatus', status: 'Deactivated' },
      { action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartScore' } },
    );
    expect(reset.shippingRateInputType).toEqual({ type: 'CartScore' });
    expect(reset.searchIndexing).toMatchObject({
      productsSearch: { status: 'Deactivated' },
      customers: { status: 'Deactivated' },
    });
    const removed = await updateProject({ action: 'setShippingRateInputType' });
    expect(removed).not.toHaveProperty('shippingRateInputType');
  });

  it.each([
    [{ action: 'changePriceRoundingMode', priceRoundingMode: 'Up' }, 'priceRoundingMode'],
    [
      { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 0 } },
      'cartsConfiguration',
    ],
    [
      { action: 'changeShoppingListsConfiguration', shoppingListsConfiguration: {} },
      'shoppingListsConfiguration',
    ],
    [{ action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 44_641 }, 'reservation'],
    [{ action: 'changeOrderSearchStatus', status: 'Indexing' }, 'status'],
    [
      { action: 'setDiscountsConfiguration', discountsConfiguration: { discountCombinationMode: 'Best' } },
      'discount',
    ],
    [
      {
        action: 'setShippingRateInputType',
        shippingRateInputType: {
          type: 'CartClassification',
          values: [
            { key: 'A', label: { en: 'a' } },
            { key: 'A', label: { en: 'b' } },
          ],
        },
      },
      'unique keys',
    ],
  ])('refuse the malformed %j', async (action, fragment) => {
    const { status, error } = await refusal(action);
    expect(status).toBe(400);
    expect(error.code).toBe('InvalidJsonInput');
    expect(error.detailedErrorMessage).toContain(fragment);
  });

  it('refuse what this platform does not serve, and Product Projection Search on a new project', async () => {
    expect(await refusal({ action: 'setProductCatalogModel', productCatalogModel: 'Modular' })).toMatchObject(
      {
        status: 400,
        error: { code: 'InvalidOperation' },
      },
    );
    const role = {
      action: 'setMyBusinessUnitAssociateRoleOnCreation',
      associateRole: { typeId: 'associate-role', key: 'admin' },
    };
    expect(await refusal(role)).toMatchObject({
      status: 400,
      error: { code: 'ReferencedResourceNotFound', typeId: 'associate-role', key: 'admin' },
    });
    expect(await refusal({ action: 'changeProductSearchIndexingEnabled', enabled: true })).toMatchObject({
      status: 400,
      error: { code: 'InvalidOperation', message: expect.stringContaining('ProductsSearch') },
    });
  });
});
