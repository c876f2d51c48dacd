import type {
  AnyShippingRatePriceTierDto,
  CentPrecisionMoney,
  ShippingMoneyDto,
  ShippingRate,
  ShippingRateDraftDto,
  ShippingRatePriceTier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { centMoney, validatePriceFunction } from '@commerce/pricing';

/** Money of a shipping rate as stored: cent precision with the currency's fraction digits. */
function moneyOf(money: ShippingMoneyDto, currency: string, field: string): CentPrecisionMoney {
  if (money.currencyCode !== currency) {
    throw Errors.invalidOperation(
      `${field} is in ${money.currencyCode}, but the shipping rate's price is in ${currency}: a rate has one currency.`,
    );
  }
  return centMoney(money.currencyCode, money.centAmount);
}

function tierOf(tier: AnyShippingRatePriceTierDto, currency: string): ShippingRatePriceTier {
  switch (tier.type) {
    case 'CartValue':
      return {
        type: 'CartValue',
        minimumCentAmount: tier.minimumCentAmount,
        price: moneyOf(tier.price, currency, 'tiers[].price'),
      };
    case 'CartClassification':
      return {
        type: 'CartClassification',
        value: tier.value,
        price: moneyOf(tier.price, currency, 'tiers[].price'),
      };
    case 'CartScore': {
      if ((tier.price === undefined) === (tier.priceFunction === undefined)) {
        throw Errors.invalidOperation(
          `A CartScore tier has either a price or a priceFunction (score ${tier.score}).`,
        );
      }
      if (tier.priceFunction) {
        if (tier.priceFunction.currencyCode !== currency) {
          throw Errors.invalidOperation(
            `tiers[].priceFunction is in ${tier.priceFunction.currencyCode}, but the shipping rate's price is in ${currency}: a rate has one currency.`,
          );
        }
        validatePriceFunction(tier.priceFunction.function);
        return {
          type: 'CartScore',
          score: tier.score,
          priceFunction: {
            currencyCode: tier.priceFunction.currencyCode,
            function: tier.priceFunction.function,
          },
        };
      }
      return { type: 'CartScore', score: tier.score, price: moneyOf(tier.price!, currency, 'tiers[].price') };
    }
  }
}

/** What tells two tiers of one type apart: a minimum, a classification value or a score. */
const tierPosition = (tier: ShippingRatePriceTier) =>
  tier.type === 'CartValue'
    ? tier.minimumCentAmount
    : tier.type === 'CartClassification'
      ? tier.value
      : tier.score;

/**
 * A ShippingRate from its draft: every amount in the price's currency, tiers of one type each at its own
 * position (minimum, classification value or score), price functions that parse.
 */
export function shippingRateOf(draft: ShippingRateDraftDto): ShippingRate {
  const currency = draft.price.currencyCode;
  const tiers = (draft.tiers ?? []).map((tier) => tierOf(tier, currency));
  if (new Set(tiers.map((tier) => tier.type)).size > 1) {
    throw Errors.invalidOperation('The tiers of a shipping rate are all of one type.');
  }
  const positions = tiers.map(tierPosition);
  const repeated = positions.find((position, index) => positions.indexOf(position) !== index);
  if (repeated !== undefined) {
    throw Errors.invalidOperation(
      `Two tiers of the shipping rate in ${currency} are both at ${JSON.stringify(repeated)}.`,
    );
  }
  return {
    price: moneyOf(draft.price, currency, 'price'),
    ...(draft.freeAbove ? { freeAbove: moneyOf(draft.freeAbove, currency, 'freeAbove') } : {}),
    tiers,
  };
}

/** A zone rate's shipping rates: at most one per currency. */
export function checkOneRatePerCurrency(rates: ShippingRate[], zoneId: string): ShippingRate[] {
  const currencies = rates.map((rate) => rate.price.currencyCode);
  const repeated = currencies.find((currency, index) => currencies.indexOf(currency) !== index);
  if (repeated) {
    throw Errors.invalidOperation(
      `The zone '${zoneId}' has a shipping rate in ${repeated} already: a zone rate has one shipping rate per currency.`,
    );
  }
  return rates;
}
