import { validateOrderImportRequest } from './order-import.dto.js';

const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount });

/** The order of the official importapi-sdk integration test. */
const sdkTestOrder = {
  orderNumber: 'order-number-38b8ced1-c77c-4acb-bcb5-fb8b6e737a15',
  totalPrice: { type: 'centPrecision', currencyCode: 'EUR', fractionDigits: 2, centAmount: 0 },
  custom: {
    type: { typeId: 'type', key: 'order-custom-field' },
    fields: { customerCode: { type: 'String', value: 'Some String with ß' } },
  },
};

const fullOrder = {
  orderNumber: 'o-1',
  customer: { typeId: 'customer', key: 'c' },
  customerEmail: 'a@example.com',
  customerGroup: { typeId: 'customer-group', key: 'g' },
  store: { typeId: 'store', key: 's' },
  state: { typeId: 'state', key: 'st' },
  totalPrice: eur(1000),
  taxedPrice: { totalNet: eur(840), totalGross: eur(1000), taxPortions: [{ rate: 0.19, amount: eur(160) }] },
  billingAddress: { country: 'DE', city: 'Berlin' },
  itemShippingAddresses: [{ key: 'home', country: 'DE' }],
  orderState: 'Confirmed',
  shipmentState: 'Shipped',
  paymentState: 'Paid',
  origin: 'Merchant',
  inventoryMode: 'TrackOnly',
  taxRoundingMode: 'HalfUp',
  taxCalculationMode: 'UnitPriceLevel',
  completedAt: '2025-01-01T00:00:00.000Z',
  lineItems: [
    {
      product: { typeId: 'product', key: 'p' },
      name: { en: 'Shirt' },
      variant: { productVariant: { typeId: 'product-variant', key: 'v' }, sku: 'sku-1' },
      price: { value: eur(500), customerGroup: { typeId: 'customer-group', key: 'g' } },
      quantity: 2,
      state: [{ quantity: 2, state: { typeId: 'state', key: 'li' } }],
      supplyChannel: { typeId: 'channel', key: 'ch' },
      taxRate: { name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
      shippingDetails: { targets: [{ addressKey: 'home', quantity: 2 }] },
    },
  ],
  customLineItems: [
    {
      name: { en: 'Fee' },
      money: eur(0),
      totalPrice: eur(0),
      slug: 'fee',
      quantity: 1,
      taxCategory: { typeId: 'tax-category', key: 't' },
      externalTaxRate: { name: 'none', amount: 0, country: 'DE' },
    },
  ],
  shippingInfo: {
    shippingMethodName: 'Standard',
    price: eur(500),
    shippingRate: { price: eur(500), tiers: [] },
    shippingMethod: { typeId: 'shipping-method', key: 'sm' },
    deliveries: [
      { id: 'd1', createdAt: '2025-01-01T00:00:00.000Z', items: [{ id: 'x', quantity: 1 }], parcels: [] },
    ],
  },
};

const problems = (resources: unknown[]) => {
  const result = validateOrderImportRequest({ type: 'order', resources });
  return result.ok ? [] : result.errors.map(({ field, resourceIndex }) => [field, resourceIndex]);
};

describe(validateOrderImportRequest.name, () => {
  it('accepts the SDK test’s order and one with every field of OrderImport', () => {
    expect(problems([sdkTestOrder, fullOrder])).toEqual([]);
  });

  it.each([
    ['no order number', { totalPrice: eur(1) }, 'orderNumber'],
    ['no total price', { orderNumber: 'o' }, 'totalPrice'],
    ['a lower-case country', { orderNumber: 'o', totalPrice: eur(1), country: 'de' }, 'country'],
    [
      'a reference of another type',
      { ...sdkTestOrder, customer: { typeId: 'customer-group', key: 'c' } },
      'customer.typeId',
    ],
    ['an order state the API does not know', { ...sdkTestOrder, orderState: 'Shipped' }, 'orderState'],
    ['an origin only carts have', { ...sdkTestOrder, origin: 'Quote' }, 'origin'],
    [
      'a line item without its price',
      { ...sdkTestOrder, lineItems: [{ name: { en: 'x' }, variant: {}, quantity: 1 }] },
      'lineItems.0.price',
    ],
    [
      'a tax rate without includedInPrice',
      {
        ...sdkTestOrder,
        lineItems: [{ ...fullOrder.lineItems[0], taxRate: { name: 'DE', amount: 0.19, country: 'DE' } }],
      },
      'lineItems.0.taxRate.includedInPrice',
    ],
    [
      'custom fields without their type',
      { ...sdkTestOrder, custom: { type: { typeId: 'type', key: 't' }, fields: { a: 'b' } } },
      'custom.fields',
    ],
  ])('refuses %s, naming the field and the resource', (_, order, field) => {
    expect(problems([sdkTestOrder, order])).toEqual(expect.arrayContaining([[`resources.1.${field}`, 1]]));
  });

  it('refuses another type and more than 20 resources', () => {
    expect(validateOrderImportRequest({ type: 'price', resources: [] }).ok).toBe(false);
    expect(problems(Array(21).fill(sdkTestOrder))).toEqual([['resources', undefined]]);
  });
});
