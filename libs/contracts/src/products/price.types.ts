import type { CustomFields, Reference } from '../common/types.js';

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

export interface PriceTier {
  minimumQuantity: number;
  value: TypedMoney;
}

export interface DiscountedPrice {
  value: TypedMoney;
  discount: Reference<'product-discount'>;
}

/** A Price embedded in a product variant. */
export interface Price {
  id: string;
  key?: string;
  value: TypedMoney;
  country?: string;
  customerGroup?: Reference<'customer-group'>;
  channel?: Reference<'channel'>;
  validFrom?: string;
  validUntil?: string;
  discounted?: DiscountedPrice;
  tiers?: PriceTier[];
  custom?: CustomFields;
  /** The recurrence policy the price is for (beta): selected only for items recurring by it. */
  recurrencePolicy?: Reference<'recurrence-policy'>;
}
