import type { Project } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { SecretBox, parseEncryptionKeys } from '@commerce/service-kit';
import { randomBytes } from 'node:crypto';
import {
  externalOAuthContext,
  maskAuthorizationHeader,
  projectView,
  sealExternalOAuth,
  type StoredProject,
} from './external-oauth.js';
import { applyProjectActions, type ActionContext } from './project-update-actions.js';
import { newProject, withProjectDefaults } from './project.defaults.js';

const project: Project = {
  ...newProject(
    { key: 'demo', name: 'Demo', countries: ['DE'], currencies: ['EUR'] },
    new Date('2026-01-01'),
  ),
  version: 3,
};

const box = new SecretBox(parseEncryptionKeys('K', `k1:${randomBytes(32).toString('base64')}`));

const context = (usedInStores = false): ActionContext => ({
  ctx: { projectKey: 'demo', correlationId: 'c', actor: { clientId: 'admin' } },
  now: () => new Date('2026-11-28T06:00:00.000Z'),
  outbound: { allowPrivate: false },
  languagesUsedInStores: async () => usedInStores,
  sealExternalOAuth: (externalOAuth) => sealExternalOAuth('demo', externalOAuth, box),
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe(applyProjectActions.name, () => {
  it('applies the actions in order', async () => {
    const result = await applyProjectActions(
      project,
      [
        { action: 'changeName', name: 'Shop' },
        { action: 'changeCountries', countries: ['DE', 'AT'] },
        { action: 'changeCurrencies', currencies: ['EUR', 'CHF'] },
        { action: 'changeLanguages', languages: ['en', 'de', 'fr'] },
        {
          action: 'changeMessagesConfiguration',
          messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 7 },
        },
        {
          action: 'setExternalOAuth',
          externalOAuth: { url: 'https://auth.example.com/introspect', authorizationHeader: 'Basic abc123' },
        },
      ],
      context(),
    );
    expect(result).toMatchObject({
      name: 'Shop',
      countries: ['DE', 'AT'],
      currencies: ['EUR', 'CHF'],
      languages: ['en', 'de', 'fr'],
      messages: { enabled: false, deleteDaysAfterCreation: 7 },
      externalOAuth: {
        url: 'https://auth.example.com/introspect',
        authorizationHeaderSealed: expect.stringMatching(/^v1\.k1\./),
        authorizationHeaderMasked: 'Basic ****',
      },
    });
    expect(JSON.stringify(result)).not.toContain('abc123');
    const sealed = (result.externalOAuth as { authorizationHeaderSealed: string }).authorizationHeaderSealed;
    expect(box.open(sealed, externalOAuthContext('demo'))).toBe('Basic abc123');
    expect(() => box.open(sealed, externalOAuthContext('other'))).toThrow();
  });

  it('removes the external OAuth configuration when absent', async () => {
    const configured = {
      ...project,
      externalOAuth: { url: 'https://a.example.com', authorizationHeader: 'Bearer x' },
    };
    const result = await applyProjectActions(configured, [{ action: 'setExternalOAuth' }], context());
    expect(result.externalOAuth).toBeUndefined();
  });

  it.each([
    [
      [
        {
          action: 'setExternalOAuth',
          externalOAuth: { url: 'http://auth.example.com/x', authorizationHeader: 'Basic a' },
        },
      ],
      'InvalidField',
    ],
    [
      [
        {
          action: 'setExternalOAuth',
          externalOAuth: { url: 'https://169.254.169.254/x', authorizationHeader: 'Basic a' },
        },
      ],
      'InvalidField',
    ],
    [
      [
        {
          action: 'setExternalOAuth',
          externalOAuth: { url: 'https://a.example.com', authorizationHeader: ' Basic a' },
        },
      ],
      'InvalidJsonInput',
    ],
    [[{ action: 'changeCountries', countries: [] }], 'InvalidJsonInput'],
    [[{ action: 'changeCurrencies', currencies: ['euro'] }], 'InvalidJsonInput'],
    [[{ action: 'setKey', key: 'x' }], 'InvalidJsonInput'],
    [[], 'InvalidJsonInput'],
  ])('refuses %j with %s', async (actions, code) => {
    expect((await failure(applyProjectActions(project, actions, context()))).code).toBe(code);
  });

  it('refuses to remove a language a Store uses', async () => {
    const error = await failure(
      applyProjectActions(project, [{ action: 'changeLanguages', languages: ['en'] }], context(true)),
    );
    expect(error.errors[0]).toMatchObject({ code: 'LanguageUsedInStores', languages: ['de'] });
  });
});

describe(maskAuthorizationHeader.name, () => {
  it.each([
    ['Bearer abcdefghijklmnop', 'Bearer ****mnop'],
    ['Basic dXNlcjpwYXNzd29yZA==', 'Basic ****ZA=='],
    ['Bearer short', 'Bearer ****'],
    ['tokenwithoutscheme1234', '****1234'],
  ])('shows %s as %s', (header, shown) => expect(maskAuthorizationHeader(header)).toBe(shown));

  it('shows the masked header of a sealed row, and masks a row written before sealing', () => {
    const header = { url: 'https://a.example.com', authorizationHeader: 'Bearer abcdefghijklmnop' };
    const sealed: StoredProject = { ...project, externalOAuth: sealExternalOAuth('demo', header, box) };
    expect(projectView(sealed).externalOAuth).toEqual({
      url: 'https://a.example.com',
      authorizationHeader: 'Bearer ****mnop',
    });
    const plain: StoredProject = { ...project, externalOAuth: header };
    expect(projectView(plain).externalOAuth?.authorizationHeader).toBe('Bearer ****mnop');
  });
});

describe('the Project settings actions', () => {
  it('change the carts, shopping lists, discounts and inventory settings', async () => {
    const changed = await applyProjectActions(
      project,
      [
        { action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 7 } },
        { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' },
        { action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true },
        {
          action: 'changeShoppingListsConfiguration',
          shoppingListsConfiguration: { deleteDaysAfterLastModification: 5 },
        },
        {
          action: 'setDiscountsConfiguration',
          discountsConfiguration: { discountCombinationMode: 'BestDeal' },
        },
        { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 60 },
        { action: 'setReleaseExpiredReservations', releaseExpiredReservations: false },
        { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
      ],
      context(),
    );
    expect(changed).toMatchObject({
      carts: {
        deleteDaysAfterLastModification: 7,
        countryTaxRateFallbackEnabled: true,
        priceRoundingMode: 'HalfEven',
        taxRoundingMode: 'HalfUp',
      },
      shoppingLists: { deleteDaysAfterLastModification: 5 },
      discounts: { discountCombinationMode: 'BestDeal' },
      inventory: { releaseExpiredReservations: false, reservationExpirationInMinutes: 60 },
      businessUnits: { myBusinessUnitStatusOnCreation: 'Active' },
    });
  });

  it('report a search index switched on as activated, by whom and when, and leave an unchanged one alone', async () => {
    const on = await applyProjectActions(
      project,
      [
        { action: 'changeCustomerSearchStatus', status: 'Activated' },
        { action: 'changeProductSearchIndexingEnabled', enabled: true, mode: 'ProductsSearch' },
        { action: 'changeOrderSearchStatus', status: 'Deactivated' },
      ],
      context(),
    );
    const values = {
      status: 'Activated',
      lastModifiedAt: '2026-11-28T06:00:00.000Z',
      lastModifiedBy: { clientId: 'admin', isPlatformClient: false },
    };
    expect(on.searchIndexing).toEqual({
      ...project.searchIndexing,
      customers: values,
      productsSearch: values,
    });
  });

  it('refuse the Product Projection Search only for projects created after 31 August 2026', async () => {
    const enable = [{ action: 'changeProductSearchIndexingEnabled', enabled: true }];
    expect((await applyProjectActions(project, enable, context())).searchIndexing.products.status).toBe(
      'Activated',
    );
    const recent = { ...project, createdAt: '2026-09-01T00:00:00.000Z' };
    expect((await failure(applyProjectActions(recent, enable, context()))).code).toBe('InvalidOperation');
  });

  it('set and remove the shipping rate input type', async () => {
    const input = { type: 'CartClassification', values: [{ key: 'S', label: { en: 'Small' } }] };
    const set = await applyProjectActions(
      project,
      [{ action: 'setShippingRateInputType', shippingRateInputType: input }],
      context(),
    );
    expect(set.shippingRateInputType).toEqual(input);
    const removed = await applyProjectActions(set, [{ action: 'setShippingRateInputType' }], context());
    expect(removed).not.toHaveProperty('shippingRateInputType');
  });
});

describe(withProjectDefaults.name, () => {
  it('gives a project stored before the settings existed their defaults, keeping what it has', () => {
    const {
      shoppingLists: _s,
      searchIndexing: _i,
      businessUnits: _b,
      inventory: _v,
      discounts: _d,
      ...old
    } = project;
    const stored = {
      ...old,
      carts: { deleteDaysAfterLastModification: 30, countryTaxRateFallbackEnabled: true },
    };
    expect(withProjectDefaults(stored as Project)).toEqual({
      ...project,
      carts: { ...project.carts, deleteDaysAfterLastModification: 30, countryTaxRateFallbackEnabled: true },
    });
  });
});
