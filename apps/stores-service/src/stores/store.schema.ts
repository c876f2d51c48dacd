import { STOREFRONT_FIELDS } from '@commerce/contracts';
import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '@commerce/query';

/** The fields of a Store that `where` and `sort` may name. */
export const storeQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'localizedString' },
  languages: { type: 'array', of: { type: 'string' } },
  countries: { type: 'array', of: { type: 'object', fields: { code: { type: 'string' } } } },
  distributionChannels: { type: 'array', of: { type: 'reference' } },
  supplyChannels: { type: 'array', of: { type: 'reference' } },
  productSelections: {
    type: 'array',
    of: { type: 'object', fields: { productSelection: { type: 'reference' }, active: { type: 'boolean' } } },
  },
  custom: customFieldsSpec,
  storefront: {
    type: 'object',
    fields: Object.fromEntries(Object.keys(STOREFRONT_FIELDS).map((field) => [field, { type: 'string' }])),
  },
};
