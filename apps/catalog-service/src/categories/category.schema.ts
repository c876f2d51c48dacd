import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;
const localized = { type: 'localizedString' } as const;

const assetSpec: FieldSpec = {
  type: 'object',
  fields: {
    id: text,
    key: text,
    name: localized,
    tags: { type: 'array', of: text },
    custom: customFieldsSpec,
  },
};

/** The fields of a Category that `where` and `sort` may name. */
export const categoryQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: localized,
  slug: localized,
  description: localized,
  ancestors: { type: 'array', of: { type: 'reference' } },
  parent: { type: 'reference' },
  orderHint: text,
  externalId: text,
  metaTitle: localized,
  metaDescription: localized,
  metaKeywords: localized,
  assets: { type: 'array', of: assetSpec },
  custom: customFieldsSpec,
};
