import { ProductTypeShape, type ProductType } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const productTypesTable = new DocumentTable<ProductType>(
  '"catalog"."product_types"',
  querySchemaOf(ProductTypeShape),
);
