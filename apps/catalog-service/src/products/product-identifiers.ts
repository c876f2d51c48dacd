import type { Product } from '@commerce/contracts';
import { variantsOf } from './product-data.js';

/** A value that only one product of a project may hold: a SKU, or a slug in one locale. */
export interface ProductIdentifier {
  kind: string;
  value: string;
}

/** Every SKU and every localized slug of the product's current and staged data, once each. */
export function identifiersOf(product: Product): ProductIdentifier[] {
  const found = new Map<string, ProductIdentifier>();
  const add = (kind: string, value: string) => found.set(`${kind}\u0000${value}`, { kind, value });
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const [locale, slug] of Object.entries(data.slug)) add(`slug.${locale}`, slug);
    for (const { sku } of variantsOf(data)) if (sku !== undefined) add('sku', sku);
  }
  return [...found.values()];
}
