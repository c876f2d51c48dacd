import { ADDRESS_TEXT_FIELDS } from '@commerce/contracts';
import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text: FieldSpec = { type: 'string' };

const addressSpec: FieldSpec = {
  type: 'object',
  fields: {
    ...Object.fromEntries([...ADDRESS_TEXT_FIELDS, 'country'].map((name) => [name, text])),
    custom: customFieldsSpec,
  },
};

/** The fields of a Customer that `where` and `sort` may name. The password is not one of them. */
export const customerQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  email: text,
  customerNumber: text,
  externalId: text,
  firstName: text,
  lastName: text,
  middleName: text,
  title: text,
  salutation: text,
  dateOfBirth: { type: 'date' },
  companyName: text,
  vatId: text,
  addresses: { type: 'array', of: addressSpec },
  defaultShippingAddressId: text,
  defaultBillingAddressId: text,
  shippingAddressIds: { type: 'array', of: text },
  billingAddressIds: { type: 'array', of: text },
  isEmailVerified: { type: 'boolean' },
  locale: text,
  stores: { type: 'array', of: { type: 'object', fields: { typeId: text, key: text } } },
  customerGroup: { type: 'reference' },
  customerGroupAssignments: {
    type: 'array',
    of: { type: 'object', fields: { customerGroup: { type: 'reference' } } },
  },
  custom: customFieldsSpec,
  authenticationMode: text,
};
