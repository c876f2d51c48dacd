import type { Infer } from '../shapes/shape.js';
import type { TaxCategoryShape, TaxRateShape } from './tax-category.shape.js';

/** One rate of a TaxCategory: at most one per country and state; the category's own rates have an `id`. */
export type TaxRate = Infer<typeof TaxRateShape> & { id: string };

export type SubRate = NonNullable<TaxRate['subRates']>[number];

export type TaxCategory = Infer<typeof TaxCategoryShape>;
