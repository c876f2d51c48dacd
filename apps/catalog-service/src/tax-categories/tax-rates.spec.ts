import { TaxRateDraftDto } from '@commerce/contracts';
import { errorOf } from '../../test/apply-actions.js';
import { checkRates, rateIndex, taxRateOf } from './tax-rates.js';

const draft = (overrides: Partial<TaxRateDraftDto> = {}): TaxRateDraftDto =>
  Object.assign(new TaxRateDraftDto(), {
    name: 'r',
    amount: 0.19,
    includedInPrice: true,
    country: 'DE',
    ...overrides,
  });

const failing = (run: () => unknown) => errorOf(Promise.resolve().then(run));

describe(taxRateOf.name, () => {
  it('takes the sum of the sub-rates exactly, with or without an amount', () => {
    const subRates = [
      { name: 'a', amount: 0.1 },
      { name: 'b', amount: 0.2 },
    ];
    expect(taxRateOf(draft({ amount: undefined, subRates }), 'id1')).toMatchObject({
      id: 'id1',
      amount: 0.3,
    });
    expect(taxRateOf(draft({ amount: 0.3, subRates }), 'id1').amount).toBe(0.3);
  });

  it.each([
    [{ amount: undefined }, 'InvalidInput'],
    [{ amount: null, subRates: null }, 'InvalidInput'],
    [{ amount: undefined, subRates: [] }, 'InvalidInput'],
    [{ amount: 0.5, subRates: [{ name: 'a', amount: 0.1 }] }, 'InvalidOperation'],
    [
      {
        amount: undefined,
        subRates: [
          { name: 'a', amount: 0.6 },
          { name: 'b', amount: 0.6 },
        ],
      },
      'InvalidField',
    ],
  ])('refuses %j with %s', async (overrides, code) => {
    expect(await failing(() => taxRateOf(draft(overrides)))).toMatchObject({ code });
  });
});

describe(checkRates.name, () => {
  it('allows one rate per country and state', async () => {
    const berlin = taxRateOf(draft({ state: 'Berlin' }));
    const germany = taxRateOf(draft());
    expect(checkRates([berlin, germany])).toHaveLength(2);
    expect(await failing(() => checkRates([berlin, taxRateOf(draft({ state: 'Berlin' }))]))).toMatchObject({
      code: 'DuplicateField',
      duplicateValue: 'DE/Berlin',
    });
    expect(
      await failing(() =>
        checkRates([taxRateOf(draft({ key: 'k' })), taxRateOf(draft({ key: 'k', country: 'FR' }))]),
      ),
    ).toMatchObject({ code: 'DuplicateField', field: 'rates.key' });
  });

  it('finds a rate by id or key, exactly one of them', async () => {
    const rates = [taxRateOf(draft({ key: 'de' }), 'x1')];
    expect(rateIndex(rates, { taxRateId: 'x1' })).toBe(0);
    expect(rateIndex(rates, { taxRateKey: 'de' })).toBe(0);
    expect(await failing(() => rateIndex(rates, {}))).toMatchObject({ code: 'InvalidInput' });
    expect(await failing(() => rateIndex(rates, { taxRateKey: 'fr' }))).toMatchObject({
      code: 'InvalidOperation',
    });
  });
});
