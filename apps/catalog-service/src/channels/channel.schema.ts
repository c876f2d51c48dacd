import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a Channel that `where` and `sort` may name. */
export const channelQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  roles: { type: 'array', of: text },
  name: { type: 'localizedString' },
  description: { type: 'localizedString' },
  address: {
    type: 'object',
    fields: {
      country: text,
      city: text,
      postalCode: text,
      streetName: text,
      streetNumber: text,
      region: text,
      state: text,
      company: text,
      key: text,
      id: text,
    },
  },
  geoLocation: { type: 'geoJsonPoint' },
  custom: customFieldsSpec,
};
