import type { ProductPriceShape } from '../common/money.shape.js';
import type { Infer } from '../shapes/shape.js';

/** Money in cents (`centPrecision`) or with more fraction digits (`highPrecision`). */
export interface CentPrecisionMoney {
  type: 'centPrecision';
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
}

export interface HighPrecisionMoney {
  type: 'highPrecision';
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
  preciseAmount: number;
}

export type TypedMoney = CentPrecisionMoney | HighPrecisionMoney;

/** A Price embedded in a product variant (`ProductPriceShape`). */
export type Price = Infer<typeof ProductPriceShape>;
export type PriceTier = NonNullable<Price['tiers']>[number];
export type DiscountedPrice = NonNullable<Price['discounted']>;
