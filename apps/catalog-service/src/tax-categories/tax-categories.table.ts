import { TaxCategoryShape, type TaxCategory } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const taxCategoriesTable = new DocumentTable<TaxCategory>(
  '"catalog"."tax_categories"',
  querySchemaOf(TaxCategoryShape),
);
