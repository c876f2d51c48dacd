import { ProductDiscountShape, type ProductDiscount } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

/** `sortOrder` is unique per project: the index `product_discounts_sortOrder_uq` answers `DuplicateField sortOrder`. */
export const productDiscountsTable = new DocumentTable<ProductDiscount>(
  '"catalog"."product_discounts"',
  querySchemaOf(ProductDiscountShape),
);
