import type { BaseResource } from '../common/types.js';

export interface SubRate {
  name: string;
  amount: number;
}

/** One rate of a TaxCategory: at most one per country and state. */
export interface TaxRate {
  id: string;
  key?: string;
  name: string;
  amount: number;
  includedInPrice: boolean;
  country: string;
  state?: string;
  subRates?: SubRate[];
}

export interface TaxCategory extends BaseResource {
  key?: string;
  name: string;
  description?: string;
  rates: TaxRate[];
}
