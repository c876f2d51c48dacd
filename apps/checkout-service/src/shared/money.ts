import type { CentPrecisionMoney, MoneyDto, TypedMoney } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** The currency's number of fraction digits (ISO 4217), as Intl knows it. */
function fractionDigitsOf(currencyCode: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** A payment's amounts are cent-precision money (SDK `Payment.amountPlanned`, `Transaction.amount`). */
export function centPrecisionOf(money: MoneyDto, field: string): CentPrecisionMoney {
  if (money.type === 'highPrecision' || money.preciseAmount !== undefined) {
    throw Errors.invalidField(`${field}.type`, 'highPrecision');
  }
  if (money.centAmount === undefined) throw Errors.requiredField(`${field}.centAmount`);
  return {
    type: 'centPrecision',
    currencyCode: money.currencyCode,
    centAmount: money.centAmount,
    fractionDigits: fractionDigitsOf(money.currencyCode),
  };
}

/** Typed money from a draft as given: cents, or high precision with its precise amount (no rounding rules here). */
export function typedMoneyOf(money: MoneyDto, field: string): TypedMoney {
  if (money.type !== 'highPrecision' && money.preciseAmount === undefined)
    return centPrecisionOf(money, field);
  const { fractionDigits, preciseAmount } = money;
  if (fractionDigits === undefined) throw Errors.requiredField(`${field}.fractionDigits`);
  if (preciseAmount === undefined) throw Errors.requiredField(`${field}.preciseAmount`);
  const digits = fractionDigitsOf(money.currencyCode);
  if (fractionDigits <= digits) throw Errors.invalidField(`${field}.fractionDigits`, fractionDigits);
  return {
    type: 'highPrecision',
    currencyCode: money.currencyCode,
    centAmount: Math.round(preciseAmount / 10 ** (fractionDigits - digits)),
    fractionDigits,
    preciseAmount,
  };
}

/** Cents of one currency added up, as cent-precision money. */
export function centsOf(currencyCode: string, centAmount: number): CentPrecisionMoney {
  return { type: 'centPrecision', currencyCode, centAmount, fractionDigits: fractionDigitsOf(currencyCode) };
}
