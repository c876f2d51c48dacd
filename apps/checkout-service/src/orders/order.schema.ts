import { baseResourceSpec, customFieldsSpec, type FieldSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;
const money: FieldSpec = {
  type: 'object',
  fields: { currencyCode: text, centAmount: { type: 'number' }, fractionDigits: { type: 'number' } },
};
const address: FieldSpec = {
  type: 'object',
  fields: {
    country: text,
    city: text,
    postalCode: text,
    key: text,
    email: text,
    lastName: text,
    firstName: text,
  },
};

/** The fields of an Order that `where` and `sort` may name. */
export const orderQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  // Orders have no key: the key column holds the order number.
  key: { type: 'string', column: 'key' },
  orderNumber: { type: 'string', column: 'key' },
  purchaseOrderNumber: text,
  customerId: text,
  customerEmail: text,
  anonymousId: text,
  customerGroup: { type: 'reference' },
  store: { type: 'object', fields: { typeId: text, key: text } },
  orderState: text,
  shipmentState: text,
  paymentState: text,
  state: { type: 'reference' },
  totalPrice: money,
  country: text,
  locale: text,
  origin: text,
  completedAt: { type: 'datetime' },
  cart: { type: 'reference' },
  shippingAddress: address,
  billingAddress: address,
  lineItems: {
    type: 'array',
    of: {
      type: 'object',
      fields: {
        id: text,
        key: text,
        productId: text,
        quantity: { type: 'number' },
        variant: { type: 'object', fields: { id: { type: 'number' }, sku: text } },
      },
    },
  },
  customLineItems: { type: 'array', of: { type: 'object', fields: { id: text, key: text, slug: text } } },
  paymentInfo: { type: 'object', fields: { payments: { type: 'array', of: { type: 'reference' } } } },
  syncInfo: {
    type: 'array',
    of: { type: 'object', fields: { channel: { type: 'reference' }, externalId: text } },
  },
  custom: customFieldsSpec,
  recurringOrder: { type: 'reference' },
};
