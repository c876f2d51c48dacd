import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;
const number = { type: 'number' } as const;
const money: FieldSpec = {
  type: 'object',
  fields: { type: text, currencyCode: text, centAmount: number, fractionDigits: number },
};

/** The fields of a ShippingMethod that `where` and `sort` may name. */
export const shippingMethodQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: text,
  localizedName: { type: 'localizedString' },
  description: text,
  localizedDescription: { type: 'localizedString' },
  taxCategory: { type: 'reference' },
  zoneRates: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        zone: { type: 'reference' },
        shippingRates: {
          type: 'array',
          of: {
            type: 'object',
            fields: {
              price: money,
              freeAbove: money,
              tiers: {
                type: 'array',
                of: {
                  type: 'object',
                  fields: { type: text, minimumCentAmount: number, value: text, score: number, price: money },
                },
              },
            },
          },
        },
      },
    },
  },
  active: { type: 'boolean' },
  isDefault: { type: 'boolean' },
  predicate: text,
  custom: customFieldsSpec,
  stores: { type: 'array', of: { type: 'object', fields: { typeId: text, key: text } } },
  carrier: text,
};
