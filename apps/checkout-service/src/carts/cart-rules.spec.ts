import type { Cart, CheckoutProduct, LineItem, Price } from '@commerce/contracts';
import { checkActionAllowed } from './cart-state-rules.js';
import { builtInStateId } from '@commerce/contracts';
import { initialState, lineItemOf, mergeTarget, newLineItem, withAddedQuantity } from './line-items.js';
import { addressKeyInUse, applyTargetsDelta, checkTargets, shippingDetailsOf } from './shipping-details.js';
import { checkStoreChannel, checkStoreCountry, checkStoreOffers } from './store-binding.js';
import { rateInputOf } from './cart-shipping-actions.js';

const INITIAL = initialState('p1');
const price: Price = {
  id: 'price-1',
  value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 108, fractionDigits: 2 },
};
const product: CheckoutProduct = {
  productId: 'p1',
  name: { en: 'Tea' },
  slug: { en: 'tea' },
  productType: { typeId: 'product-type', id: 'pt' },
  variant: { id: 1, sku: 'tea', prices: [price], images: [], attributes: [], assets: [] },
};
const now = '2026-11-28T10:00:00.000Z';
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (
      error as {
        body?: { errors: Array<{ code: string }> };
        toBody?: () => { errors: Array<{ code: string }> };
      }
    ).toBody?.().errors[0]?.code;
  }
  return undefined;
};

describe('line items', () => {
  it('starts a new line item in the Initial state with its quantity and snapshot', () => {
    const item = newLineItem(product, { sku: 'tea', quantity: 3 }, price, {}, now, INITIAL);
    expect(item).toMatchObject({
      productId: 'p1',
      name: { en: 'Tea' },
      productSlug: { en: 'tea' },
      variant: { id: 1, sku: 'tea' },
      quantity: 3,
      priceMode: 'Platform',
      lineItemMode: 'Standard',
      state: [{ quantity: 3, state: { typeId: 'state', id: builtInStateId('p1', 'Initial') } }],
      addedAt: now,
    });
  });

  it('merges an add into the line item with the same product, variant, channels and custom fields only', () => {
    const item = newLineItem(product, { sku: 'tea' }, price, { supplyChannel: 'c1' }, now, INITIAL);
    expect(mergeTarget([item], { productId: 'p1', variantId: 1, supplyChannel: 'c1' }, false)).toBe(item);
    expect(mergeTarget([item], { productId: 'p1', variantId: 1 }, false)).toBeUndefined();
    expect(mergeTarget([item], { productId: 'p1', variantId: 1, supplyChannel: 'c1' }, true)).toBeUndefined();
    const weekly = { recurrencePolicy: { typeId: 'recurrence-policy' as const, id: 'w' } };
    const recurring = { ...item, recurrenceInfo: weekly };
    expect(
      mergeTarget(
        [item],
        { productId: 'p1', variantId: 1, supplyChannel: 'c1', recurrenceInfo: weekly },
        false,
      ),
    ).toBeUndefined();
    expect(
      mergeTarget([recurring], { productId: 'p1', variantId: 1, supplyChannel: 'c1' }, false),
    ).toBeUndefined();
    expect(
      mergeTarget(
        [recurring],
        { productId: 'p1', variantId: 1, supplyChannel: 'c1', recurrenceInfo: weekly },
        false,
      ),
    ).toBe(recurring);
    const custom = { type: { typeId: 'type' as const, id: 't' }, fields: { a: 1, b: [1, 2] } };
    const withCustom: LineItem = { ...item, custom };
    const same = { type: { typeId: 'type' as const, id: 't' }, fields: { b: [1, 2], a: 1 } };
    expect(
      mergeTarget([withCustom], { productId: 'p1', variantId: 1, supplyChannel: 'c1', custom: same }, false),
    ).toBe(withCustom);
    expect(
      mergeTarget([withCustom], { productId: 'p1', variantId: 1, supplyChannel: 'c1' }, false),
    ).toBeUndefined();
  });

  it('adds quantity to the Initial state and sums shipping targets per address key', () => {
    const item = newLineItem(
      product,
      { sku: 'tea', quantity: 2, shippingDetails: { targets: [{ addressKey: 'a', quantity: 2 }] } },
      price,
      {},
      now,
      INITIAL,
    );
    const merged = withAddedQuantity(item, 1, [{ addressKey: 'a', quantity: 1 }], now, INITIAL);
    expect(merged.quantity).toBe(3);
    expect(merged.state).toEqual([
      { quantity: 3, state: { typeId: 'state', id: builtInStateId('p1', 'Initial') } },
    ]);
    expect(merged.shippingDetails).toEqual({ targets: [{ addressKey: 'a', quantity: 3 }], valid: true });
  });

  it('finds a line item by id or key, and refuses neither, both or unknown', () => {
    const item = { ...newLineItem(product, { sku: 'tea' }, price, {}, now, INITIAL), key: 'k' };
    expect(lineItemOf({ lineItems: [item] }, { lineItemKey: 'k' })).toBe(item);
    expect(lineItemOf({ lineItems: [item] }, { lineItemId: item.id })).toBe(item);
    expect(codeOf(() => lineItemOf({ lineItems: [item] }, {}))).toBe('InvalidInput');
    expect(codeOf(() => lineItemOf({ lineItems: [item] }, { lineItemId: item.id, lineItemKey: 'k' }))).toBe(
      'InvalidInput',
    );
    expect(codeOf(() => lineItemOf({ lineItems: [item] }, { lineItemKey: 'other' }))).toBe('InvalidInput');
  });
});

describe('shipping details', () => {
  it('are valid only when the targets add up to the quantity', () => {
    expect(shippingDetailsOf([{ addressKey: 'a', quantity: 1 }], 2).valid).toBe(false);
    expect(
      shippingDetailsOf(
        [
          { addressKey: 'a', quantity: 1 },
          { addressKey: 'b', quantity: 1 },
        ],
        2,
      ).valid,
    ).toBe(true);
  });

  it('apply a delta per address key, dropping targets at 0 and refusing below 0', () => {
    expect(
      applyTargetsDelta(
        [{ addressKey: 'a', quantity: 2 }],
        [
          { addressKey: 'a', quantity: -2 },
          { addressKey: 'b', quantity: 1 },
        ],
      ),
    ).toEqual([{ addressKey: 'b', quantity: 1 }]);
    expect(codeOf(() => applyTargetsDelta([], [{ addressKey: 'a', quantity: -1 }]))).toBe('InvalidInput');
  });

  it('name only known address keys, once each; a key in use can not be removed', () => {
    const addresses = [{ key: 'a', country: 'DE' }];
    expect(codeOf(() => checkTargets([{ addressKey: 'x', quantity: 1 }], addresses))).toBe('InvalidInput');
    expect(
      codeOf(() =>
        checkTargets(
          [
            { addressKey: 'a', quantity: 1 },
            { addressKey: 'a', quantity: 1 },
          ],
          addresses,
        ),
      ),
    ).toBe('InvalidInput');
    expect(
      addressKeyInUse(
        [{ shippingDetails: { targets: [{ addressKey: 'a', quantity: 1 }], valid: true } }],
        'a',
      ),
    ).toBe(true);
    expect(addressKeyInUse([{}], 'a')).toBe(false);
  });
});

describe('cart states', () => {
  const cart = (over: Partial<Cart>) => ({ id: 'c', cartState: 'Active' as const, ...over });

  it('refuses every action on Ordered and Merged carts', () => {
    expect(codeOf(() => checkActionAllowed(cart({ cartState: 'Ordered' }), 'setKey', true))).toBe(
      'InvalidOperation',
    );
    expect(codeOf(() => checkActionAllowed(cart({ cartState: 'Merged' }), 'recalculate', true))).toBe(
      'InvalidOperation',
    );
  });

  it('refuses item changes under SoftFreeze and shipping changes only under HardFreeze', () => {
    const soft = cart({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
    const hard = cart({ cartState: 'Frozen', freezeStrategy: 'HardFreeze' });
    expect(codeOf(() => checkActionAllowed(soft, 'addLineItem', false))).toBe('InvalidOperation');
    expect(codeOf(() => checkActionAllowed(soft, 'setShippingMethod', false))).toBeUndefined();
    expect(codeOf(() => checkActionAllowed(hard, 'setShippingMethod', false))).toBe('InvalidOperation');
    expect(codeOf(() => checkActionAllowed(hard, 'setCustomerEmail', false))).toBeUndefined();
  });

  it('lets only clients with manage_locked_carts change a locked cart', () => {
    const locked = cart({ lock: { clientId: 'x', createdAt: now } });
    expect(codeOf(() => checkActionAllowed(locked, 'setKey', false))).toBe('InvalidOperation');
    expect(codeOf(() => checkActionAllowed(locked, 'setKey', true))).toBeUndefined();
  });
});

describe('store binding', () => {
  const store = {
    key: 's',
    countries: [{ code: 'DE' }],
    distributionChannels: [{ typeId: 'channel' as const, id: 'd1' }],
    supplyChannels: [],
  };

  it("keeps a cart to the Store's countries, channels and product selections", () => {
    expect(codeOf(() => checkStoreCountry(store, 'FR'))).toBe('CountryNotConfiguredInStore');
    expect(codeOf(() => checkStoreCountry(store, 'DE'))).toBeUndefined();
    expect(codeOf(() => checkStoreCountry(undefined, 'FR'))).toBeUndefined();
    expect(codeOf(() => checkStoreChannel(store, 'distributionChannel', 'd2'))).toBe('InvalidInput');
    expect(codeOf(() => checkStoreChannel(store, 'supplyChannel', 'any'))).toBeUndefined();
    expect(codeOf(() => checkStoreOffers(store, { ...product, inStore: false }))).toBe('InvalidInput');
    expect(codeOf(() => checkStoreOffers(store, { ...product, inStore: true }))).toBeUndefined();
  });
});

describe('shippingRateInput (SDK ClassificationShippingRateInput)', () => {
  const labels = { Heavy: { en: 'Heavy', de: 'Schwer' } };

  it("labels a Classification with the Project's value of its key", () => {
    expect(rateInputOf({ type: 'Classification', key: 'Heavy' }, labels)).toEqual({
      type: 'Classification',
      key: 'Heavy',
      label: { en: 'Heavy', de: 'Schwer' },
    });
    expect(rateInputOf({ type: 'Classification', key: 'Light' }, labels)).toEqual({
      type: 'Classification',
      key: 'Light',
      label: {},
    });
    expect(rateInputOf({ type: 'Classification', key: 'Heavy' }, undefined)?.type).toBe('Classification');
  });

  it('keeps a Score as given, and nothing without an input', () => {
    expect(rateInputOf({ type: 'Score', score: 2 }, labels)).toEqual({ type: 'Score', score: 2 });
    expect(rateInputOf(undefined, labels)).toBeUndefined();
  });
});
