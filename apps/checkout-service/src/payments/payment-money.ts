import type { CentPrecisionMoney, MoneyDto } from '@commerce/contracts';
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
