import type { ProductType } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { productTypeQuerySchema } from './product-type.schema.js';

export const productTypesTable = new DocumentTable<ProductType>(
  '"catalog"."product_types"',
  productTypeQuerySchema,
);
