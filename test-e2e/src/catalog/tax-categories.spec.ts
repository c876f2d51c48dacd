import type { TaxCategory } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { taxCategoryDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { update, updateError } from './catalog-helpers.js';

const rate = (overrides: Record<string, unknown> = {}) => ({
  name: 'rate',
  amount: 0.19,
  includedInPrice: true,
  country: 'DE',
  ...overrides,
});

describe('Tax categories', () => {
  it('are created through the SDK with rates that get ids; sub-rates sum to the amount', async () => {
    const client = await sdk();
    const draft = taxCategoryDraft({
      description: 'Standard',
      rates: [
        rate({ key: 'de-berlin', state: 'Berlin' }),
        rate({
          country: 'US',
          state: 'NY',
          amount: undefined,
          subRates: [
            { name: 'state', amount: 0.04 },
            { name: 'city', amount: 0.045 },
          ],
        }),
      ],
    });
    const { body, statusCode } = await client.taxCategories().post({ body: draft }).execute();
    expect(statusCode).toBe(201);
    expect(body).toMatchObject({ key: draft.key, name: draft.name, description: 'Standard' });
    expect(body.rates).toMatchObject([
      { id: expect.any(String), key: 'de-berlin', amount: 0.19, country: 'DE', state: 'Berlin' },
      {
        id: expect.any(String),
        amount: 0.085,
        country: 'US',
        state: 'NY',
        subRates: [{ name: 'state' }, { name: 'city' }],
      },
    ]);
  });

  it.each([
    ['an amount above 1', [rate({ amount: 1.2 })], 'InvalidJsonInput'],
    ['a missing amount', [rate({ amount: undefined })], 'InvalidInput'],
    [
      'an amount that is not the sum of its sub-rates',
      [rate({ subRates: [{ name: 's', amount: 0.1 }] })],
      'InvalidOperation',
    ],
    ['two rates for one country and state', [rate(), rate({ name: 'other' })], 'DuplicateField'],
    ['a country that is not ISO 3166-1', [rate({ country: 'Germany' })], 'InvalidJsonInput'],
  ])('refuse %s', async (_case, rates, code) => {
    const response = await api.post('tax-categories', taxCategoryDraft({ rates }));
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe(code);
  });

  it('refuse a rate whose amount and subRates are both null, with InvalidInput naming them', async () => {
    const client = await sdk();
    const draft = taxCategoryDraft({ rates: [rate({ amount: null, subRates: null })] });
    const refused = await client
      .taxCategories()
      .post({ body: draft })
      .execute()
      .then(
        () => undefined,
        (error: { statusCode: number; body: { errors: Array<{ code: string; message: string }> } }) => error,
      );
    expect(refused?.statusCode).toBe(400);
    expect(refused?.body.errors[0]).toEqual({
      code: 'InvalidInput',
      message: "The tax rate 'rate' needs an amount or subRates: either amount or subRates must be defined.",
    });
    const category: TaxCategory = await api.create('tax-categories', taxCategoryDraft());
    const viaAction = await updateError('tax-categories', category, {
      action: 'addTaxRate',
      taxRate: rate({ country: 'FR', amount: null, subRates: null }),
    });
    expect(viaAction).toMatchObject({ status: 400, error: { code: 'InvalidInput' } });
  });

  it('add, replace and remove rates by id or key, change name, description and key', async () => {
    let category: TaxCategory = await api.create('tax-categories', taxCategoryDraft());
    const [first] = category.rates;
    category = await update(
      'tax-categories',
      category,
      { action: 'addTaxRate', taxRate: rate({ key: 'fr', country: 'FR', amount: 0.2 }) },
      { action: 'replaceTaxRate', taxRateId: first.id, taxRate: rate({ amount: 0.07 }) },
      { action: 'changeName', name: 'Reduced' },
      { action: 'setDescription', description: 'Reduced rates' },
      { action: 'setKey', key: `${category.key}-2` },
    );
    expect(category).toMatchObject({
      name: 'Reduced',
      description: 'Reduced rates',
      key: expect.stringMatching(/-2$/),
    });
    expect(category.rates.map((r) => [r.country, r.amount])).toEqual([
      ['DE', 0.07],
      ['FR', 0.2],
    ]);
    category = await update('tax-categories', category, { action: 'removeTaxRate', taxRateKey: 'fr' });
    expect(category.rates.map((r) => r.country)).toEqual(['DE']);
    const twice = await updateError('tax-categories', category, { action: 'addTaxRate', taxRate: rate() });
    expect(twice.error.code).toBe('DuplicateField');
    const missing = await updateError('tax-categories', category, {
      action: 'removeTaxRate',
      taxRateId: 'nope',
    });
    expect(missing.error.code).toBe('InvalidOperation');
  });
});
