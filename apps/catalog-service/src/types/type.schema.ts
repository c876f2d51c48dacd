import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a Type that `where` and `sort` may name. */
export const typeQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'localizedString' },
  description: { type: 'localizedString' },
  resourceTypeIds: { type: 'array', of: text },
  fieldDefinitions: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        name: text,
        label: { type: 'localizedString' },
        required: { type: 'boolean' },
        inputHint: text,
        type: { type: 'object', fields: { name: text, referenceTypeId: text } },
      },
    },
  },
};
