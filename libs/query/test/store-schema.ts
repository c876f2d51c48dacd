import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '../src/index.js';

/** A Store-like resource with one field of every kind the compiler knows. */
export const storeSchema: QuerySchema = {
  ...baseResourceSpec,
  name: { type: 'localizedString' },
  languages: { type: 'array', of: { type: 'string' } },
  countries: {
    type: 'array',
    of: { type: 'object', fields: { code: { type: 'string' }, region: { type: 'string' } } },
  },
  distributionChannels: { type: 'array', of: { type: 'reference' } },
  supplyChannels: { type: 'array', of: { type: 'reference' } },
  productSelections: {
    type: 'array',
    of: { type: 'object', fields: { productSelection: { type: 'reference' }, active: { type: 'boolean' } } },
  },
  custom: customFieldsSpec,
  geoLocation: { type: 'geoJsonPoint' },
  rating: { type: 'number' },
  active: { type: 'boolean' },
  openedAt: { type: 'datetime' },
  openingDate: { type: 'date' },
  opensAt: { type: 'time' },
  address: {
    type: 'object',
    fields: { country: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } },
  },
  scores: { type: 'array', of: { type: 'number' } },
};
