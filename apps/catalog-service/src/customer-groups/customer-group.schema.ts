import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '@commerce/query';

/** The fields of a CustomerGroup that `where` and `sort` may name. */
export const customerGroupQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'string' },
  custom: customFieldsSpec,
};
