import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;
const money: FieldSpec = {
  type: 'object',
  fields: {
    type: text,
    currencyCode: text,
    centAmount: { type: 'number' },
    fractionDigits: { type: 'number' },
  },
};

/** The fields of a Payment that `where` and `sort` may name. */
export const paymentQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  customer: { type: 'reference' },
  anonymousId: text,
  interfaceId: text,
  amountPlanned: money,
  paymentMethodInfo: {
    type: 'object',
    fields: {
      paymentInterface: text,
      method: text,
      name: { type: 'localizedString' },
      interfaceAccount: text,
      custom: customFieldsSpec,
    },
  },
  paymentStatus: {
    type: 'object',
    fields: { interfaceCode: text, interfaceText: text, state: { type: 'reference' } },
  },
  transactions: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        id: text,
        timestamp: { type: 'datetime' },
        type: text,
        amount: money,
        interactionId: text,
        state: text,
        interfaceId: text,
        custom: customFieldsSpec,
      },
    },
  },
  custom: customFieldsSpec,
};
