import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a ProductType that `where` and `sort` may name. */
export const productTypeQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: text,
  description: text,
  attributes: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        name: text,
        label: { type: 'localizedString' },
        isRequired: { type: 'boolean' },
        level: text,
        attributeConstraint: text,
        inputHint: text,
        isSearchable: { type: 'boolean' },
        type: { type: 'object', fields: { name: text } },
      },
    },
  },
};
