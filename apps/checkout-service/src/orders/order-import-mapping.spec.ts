import { validateOrderImportRequest, type OrderImportDto } from '@commerce/contracts';
import {
  keyReferencesOf,
  orderImportDraftOf,
  unresolvedVariants,
  type Found,
  type FoundResource,
} from './order-import-mapping.js';

const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount });

/** An OrderImport as import-service stores it: validated by its DTO. */
function orderImport(plain: Record<string, unknown>): OrderImportDto {
  const result = validateOrderImportRequest({ type: 'order', resources: [plain] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value.resources[0];
}

const product: FoundResource = {
  id: 'product-id',
  key: 'p',
  masterData: {
    current: { masterVariant: { id: 1, sku: 'a' }, variants: [] },
    staged: { masterVariant: { id: 1, sku: 'a', key: 'va' }, variants: [{ id: 2, sku: 'b', key: 'vb' }] },
  },
};

/** Everything exists, with the id `<typeId>-id`; `missing` lists what does not. */
const foundExcept =
  (...missing: string[]): Found =>
  (typeId, key) =>
    missing.includes(`${typeId}:${key}`)
      ? undefined
      : typeId === 'product'
        ? { ...product, key }
        : { id: `${typeId}-id`, key };

const order = orderImport({
  orderNumber: 'o-1',
  customer: { typeId: 'customer', key: 'c' },
  customerGroup: { typeId: 'customer-group', key: 'g' },
  store: { typeId: 'store', key: 's' },
  totalPrice: eur(1500),
  orderState: 'Complete',
  origin: 'Merchant',
  lineItems: [
    {
      product: { typeId: 'product', key: 'p' },
      name: { en: 'Shirt' },
      variant: { productVariant: { typeId: 'product-variant', key: 'vb' } },
      price: { value: eur(500), channel: { typeId: 'channel', key: 'ch' } },
      quantity: 2,
      state: [{ quantity: 2, state: { typeId: 'state', key: 'li' } }],
      supplyChannel: { typeId: 'channel', key: 'ch' },
      taxRate: { name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
      custom: { type: { typeId: 'type', key: 'line-type' }, fields: {} },
    },
    {
      name: { en: 'By SKU only' },
      variant: { sku: 'unknown-sku' },
      price: { value: eur(500) },
      quantity: 1,
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
    shippingRate: { price: eur(500) },
    taxCategory: { typeId: 'tax-category', key: 't' },
    shippingMethod: { typeId: 'shipping-method', key: 'sm' },
  },
  custom: {
    type: { typeId: 'type', key: 'order-type' },
    fields: { code: { type: 'String', value: 'ß' }, count: { type: 'Number', value: 2 } },
  },
});

describe(keyReferencesOf.name, () => {
  it('lists every key reference of the order once, in the order of its fields', () => {
    expect(keyReferencesOf(order)).toEqual([
      { typeId: 'customer', key: 'c' },
      { typeId: 'customer-group', key: 'g' },
      { typeId: 'store', key: 's' },
      { typeId: 'type', key: 'order-type' },
      { typeId: 'product', key: 'p' },
      { typeId: 'channel', key: 'ch' },
      { typeId: 'state', key: 'li' },
      { typeId: 'type', key: 'line-type' },
      { typeId: 'tax-category', key: 't' },
      { typeId: 'shipping-method', key: 'sm' },
    ]);
  });
});

describe(unresolvedVariants.name, () => {
  it('finds a variant by key in its product’s staged data, and names one the product lacks', () => {
    expect(unresolvedVariants(order, foundExcept())).toEqual([]);
    const other = orderImport({
      orderNumber: 'o-2',
      totalPrice: eur(1),
      lineItems: [
        {
          product: { typeId: 'product', key: 'p' },
          name: { en: 'x' },
          variant: { productVariant: { typeId: 'product-variant', key: 'nope' } },
          price: { value: eur(1) },
          quantity: 1,
        },
      ],
    });
    expect(unresolvedVariants(other, foundExcept())).toEqual([{ typeId: 'product-variant', key: 'nope' }]);
    expect(unresolvedVariants(other, foundExcept('product:p'))).toEqual([
      { typeId: 'product-variant', key: 'nope' },
    ]);
  });
});

describe(orderImportDraftOf.name, () => {
  const draft = orderImportDraftOf(order, foundExcept()) as Record<string, any>;

  it('turns references by key into references by id, and custom fields into their values', () => {
    expect(draft).toMatchObject({
      orderNumber: 'o-1',
      customerId: 'customer-id',
      customerGroup: { typeId: 'customer-group', id: 'customer-group-id' },
      store: { typeId: 'store', key: 's' },
      orderState: 'Complete',
      origin: 'Merchant',
      totalPrice: { currencyCode: 'EUR', centAmount: 1500 },
      custom: { type: { typeId: 'type', id: 'type-id' }, fields: { code: 'ß', count: 2 } },
      shippingInfo: {
        shippingMethodName: 'Standard',
        taxCategory: { typeId: 'tax-category', id: 'tax-category-id' },
        shippingMethod: { typeId: 'shipping-method', id: 'shipping-method-id' },
      },
    });
  });

  it('places a line item on its product’s variant, or keeps the SKU it was given', () => {
    expect(draft.lineItems[0]).toMatchObject({
      productId: 'product-id',
      variant: { id: 2, sku: 'b' },
      quantity: 2,
      price: { value: { currencyCode: 'EUR', centAmount: 500 } },
      supplyChannel: { typeId: 'channel', id: 'channel-id' },
      state: [{ quantity: 2, state: { typeId: 'state', id: 'state-id' } }],
      taxRate: { name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
    });
    expect(draft.lineItems[1]).toEqual({
      name: { en: 'By SKU only' },
      variant: { sku: 'unknown-sku' },
      quantity: 1,
      price: { value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 500 } },
    });
  });

  it('gives a custom line item its external tax rate and tax category', () => {
    expect(draft.customLineItems[0]).toMatchObject({
      slug: 'fee',
      taxRate: { name: 'none', amount: 0, country: 'DE' },
      taxCategory: { typeId: 'tax-category', id: 'tax-category-id' },
    });
  });

  it('leaves out what the import did not give', () => {
    const bare = orderImportDraftOf(orderImport({ orderNumber: 'o-3', totalPrice: eur(0) }), foundExcept());
    expect(bare).toEqual({
      orderNumber: 'o-3',
      totalPrice: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 0 },
    });
  });
});
