import {
  CartDiscountShape,
  DiscountCodeShape,
  type CartDiscount,
  type DiscountCode,
} from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** `sortOrder` is unique per project: the index `cart_discounts_sortOrder_uq` answers `DuplicateField sortOrder`. */
export const cartDiscountsTable = new DocumentTable<CartDiscount>(
  '"checkout"."cart_discounts"',
  querySchemaOf(CartDiscountShape),
);

/** `code` is unique per project: the index `discount_codes_code_uq` answers `DuplicateField code`. */
export const discountCodesTable = new DocumentTable<DiscountCode>(
  '"checkout"."discount_codes"',
  querySchemaOf(DiscountCodeShape),
);
