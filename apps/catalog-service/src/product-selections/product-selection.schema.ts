import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '@commerce/query';

/** The fields of a ProductSelection that `where` and `sort` may name. */
export const productSelectionQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'localizedString' },
  productCount: { type: 'number' },
  mode: { type: 'string' },
  custom: customFieldsSpec,
};
