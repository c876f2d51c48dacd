import { ProductSelectionShape, type ProductSelection } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const productSelectionsTable = new DocumentTable<ProductSelection>(
  '"catalog"."product_selections"',
  querySchemaOf(ProductSelectionShape),
);
