import type {
  DiscountedPrice,
  DiscountedPriceDraftDto,
  RequestContext,
  TypedMoney,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { referencedDocument } from '../products/product-references.js';
import { typedMoneyOf } from '../products/product-prices.js';
import { productDiscountsTable } from './product-discounts.table.js';

/**
 * A `discounted` a client sets on a price (embedded or standalone): its discount must be an external product
 * discount of the project (`ReferencedResourceNotFound` otherwise, `InvalidInput` for a relative or absolute
 * one, which the platform applies itself), its value in the price's currency.
 */
export async function externalDiscountedOf(
  draft: DiscountedPriceDraftDto,
  value: TypedMoney,
  ctx: RequestContext,
  db: Queryable,
): Promise<DiscountedPrice> {
  const discount = await referencedDocument(
    productDiscountsTable,
    'product-discount',
    db,
    ctx,
    draft.discount,
  );
  if (discount.value.type !== 'external') {
    throw Errors.invalidInput(
      `The product discount '${discount.id}' is ${discount.value.type}: only an external discount's value can be set.`,
    );
  }
  const discounted = typedMoneyOf(draft.value);
  if (discounted.currencyCode !== value.currencyCode) {
    throw Errors.invalidInput(
      `The discounted value's currency ${discounted.currencyCode} is not the price's ${value.currencyCode}.`,
    );
  }
  return { value: discounted, discount: { typeId: 'product-discount', id: discount.id } };
}
