import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;
const number = { type: 'number' } as const;
const money = {
  type: 'object',
  fields: { currencyCode: text, centAmount: number, fractionDigits: number },
} as const;
const reference = { type: 'object', fields: { typeId: text, id: text } } as const;
const address = {
  type: 'object',
  fields: { key: text, country: text, state: text, city: text, postalCode: text },
} as const;

/** The fields of a Cart that `where` and `sort` may name. */
export const cartQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  customerId: text,
  customerEmail: text,
  anonymousId: text,
  customerGroup: reference,
  store: { type: 'object', fields: { typeId: text, key: text } },
  cartState: text,
  origin: text,
  country: text,
  locale: text,
  taxMode: text,
  inventoryMode: text,
  shippingMode: text,
  purchaseOrderNumber: text,
  totalPrice: money,
  totalLineItemQuantity: number,
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
        productKey: text,
        quantity: number,
        variant: { type: 'object', fields: { id: number, sku: text } },
      },
    },
  },
  customLineItems: {
    type: 'array',
    of: { type: 'object', fields: { id: text, key: text, slug: text, quantity: number } },
  },
};
