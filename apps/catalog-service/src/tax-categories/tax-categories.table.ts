import type { TaxCategory } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { taxCategoryQuerySchema } from './tax-category.schema.js';

export const taxCategoriesTable = new DocumentTable<TaxCategory>(
  '"catalog"."tax_categories"',
  taxCategoryQuerySchema,
);
