import type { TaxRate, TaxRateDraftDto } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { randomBytes } from 'node:crypto';

/** Sub-rates' amounts are summed in integer millionths, so 0.1 + 0.2 is exactly 0.3. */
const sum = (amounts: number[]) =>
  amounts.reduce((total, amount) => total + Math.round(amount * 1e6), 0) / 1e6;

/**
 * A TaxRate from its draft with a new id. Either `amount` or `subRates` must be given (absent or null is not
 * given): with sub-rates `amount` may be left out (it is their sum) or must equal their sum
 * (PSDK `TaxRateDraft`: `InvalidOperation` otherwise).
 */
export function taxRateOf(draft: TaxRateDraftDto, id = randomBytes(6).toString('base64url')): TaxRate {
  const given = draft.amount ?? undefined;
  const subRates = draft.subRates ?? [];
  if (subRates.length === 0 && given === undefined) {
    throw Errors.invalidInput(
      `The tax rate '${draft.name}' needs an amount or subRates: either amount or subRates must be defined.`,
    );
  }
  const amount = subRates.length > 0 ? sum(subRates.map((subRate) => subRate.amount)) : given!;
  if (given !== undefined && Math.round(given * 1e6) !== Math.round(amount * 1e6)) {
    throw Errors.invalidOperation(
      `The amount ${given} of the tax rate '${draft.name}' must equal the sum of its subRates' amounts (${amount}).`,
    );
  }
  if (amount > 1) throw Errors.invalidField('subRates', draft.subRates);
  return {
    id,
    ...(draft.key ? { key: draft.key } : {}),
    name: draft.name,
    amount,
    includedInPrice: draft.includedInPrice,
    country: draft.country,
    ...(draft.state !== undefined ? { state: draft.state } : {}),
    ...(draft.subRates
      ? { subRates: draft.subRates.map(({ name, amount: a }) => ({ name, amount: a })) }
      : {}),
  };
}

/** At most one rate per country and state, and rate keys unique within the TaxCategory. */
export function checkRates(rates: TaxRate[]): TaxRate[] {
  const places = new Set<string>();
  const keys = new Set<string>();
  for (const rate of rates) {
    const place = `${rate.country}\u0000${rate.state ?? ''}`;
    if (places.has(place)) {
      throw Errors.duplicateField('rates', rate.state ? `${rate.country}/${rate.state}` : rate.country);
    }
    places.add(place);
    if (rate.key !== undefined) {
      if (keys.has(rate.key)) throw Errors.duplicateField('rates.key', rate.key);
      keys.add(rate.key);
    }
  }
  return rates;
}

/** The index of the rate named by `taxRateId` or `taxRateKey`; a missing one is `InvalidOperation`. */
export function rateIndex(rates: TaxRate[], by: { taxRateId?: string; taxRateKey?: string }): number {
  if ((by.taxRateId === undefined) === (by.taxRateKey === undefined)) {
    throw Errors.invalidInput('Exactly one of taxRateId and taxRateKey is required.');
  }
  const index = rates.findIndex((rate) =>
    by.taxRateId !== undefined ? rate.id === by.taxRateId : rate.key === by.taxRateKey,
  );
  if (index < 0) {
    const name = by.taxRateId !== undefined ? `id '${by.taxRateId}'` : `key '${by.taxRateKey}'`;
    throw Errors.invalidOperation(`The tax category has no rate with ${name}.`);
  }
  return index;
}
