import type { ProductSelection } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { productSelectionQuerySchema } from './product-selection.schema.js';

export const productSelectionsTable = new DocumentTable<ProductSelection>(
  '"catalog"."product_selections"',
  productSelectionQuerySchema,
);
