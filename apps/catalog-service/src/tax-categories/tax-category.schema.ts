import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a TaxCategory that `where` and `sort` may name. */
export const taxCategoryQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: text,
  description: text,
  rates: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        id: text,
        key: text,
        name: text,
        amount: { type: 'number' },
        includedInPrice: { type: 'boolean' },
        country: text,
        state: text,
      },
    },
  },
};
