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

const project: Project = {
  key: 'demo',
  name: 'Demo',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  countries: ['DE'],
  currencies: ['EUR'],
  languages: ['en', 'de'],
  messages: { enabled: true, deleteDaysAfterCreation: 15 },
  carts: { deleteDaysAfterLastModification: 90, countryTaxRateFallbackEnabled: false },
};

const box = new SecretBox(parseEncryptionKeys('K', `k1:${randomBytes(32).toString('base64')}`));

const context = (usedInStores = false): ActionContext => ({
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
