import {
  STAGED_ORDER_ACTIONS,
  type Cart,
  type Order,
  type RequestContext,
  type Type,
} from '@commerce/contracts';
import { applyActions, type ReferenceResolver } from '@commerce/resources';
import { CartCatalog } from '../carts/cart-catalog.js';
import { withCartRequest } from '../carts/cart-request.js';
import { editMessages } from './order-edit-messages.js';
import { cartAsOrder, orderAsCart, stagedOrderActions } from './staged-order.js';

const resolver = { require: async () => [] as Type[] } as unknown as ReferenceResolver;
const ctx: RequestContext = withCartRequest(
  { projectKey: 'p', correlationId: 'c', actor: { clientId: 'client-1' } },
  {
    catalog: new CartCatalog([], { items: [], taxCategories: [] }),
    settings: {
      deleteDaysAfterLastModification: 30,
      priceRoundingMode: 'HalfEven',
      taxRoundingMode: 'HalfEven',
    },
  },
);
const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});

/** An order of one custom line item of 5.00, not taxed (tax mode Disabled), with its own fields. */
const order = (over: Partial<Order> = {}): Order =>
  ({
    id: 'order-1',
    version: 4,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastModifiedAt: '2026-01-01T00:00:00.000Z',
    orderNumber: 'N-1',
    orderState: 'Confirmed',
    paymentState: 'Paid',
    syncInfo: [],
    returnInfo: [],
    lineItems: [],
    customLineItems: [
      {
        id: 'cli-1',
        key: 'wrap',
        name: { en: 'Gift wrap' },
        slug: 'wrap',
        money: eur(500),
        totalPrice: eur(500),
        quantity: 1,
        state: [],
        discountedPricePerQuantity: [],
        perMethodTaxRate: [],
        taxedPricePortions: [],
        priceMode: 'Standard',
      },
    ],
    totalPrice: eur(500),
    taxMode: 'Disabled',
    shippingMode: 'Single',
    shipping: [],
    itemShippingAddresses: [],
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
    origin: 'Customer',
    ...over,
  }) as unknown as Order;

const table = stagedOrderActions(resolver);
const apply = (current: Order, actions: object[]) =>
  applyActions(table, current, actions, { ctx, db: undefined as never });

describe('staged-order (the Order Edits adapter)', () => {
  it('serves exactly the 92 staged actions, each validated with its DTO of STAGED_ORDER_ACTIONS', () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(STAGED_ORDER_ACTIONS).sort());
    expect(Object.keys(table)).toHaveLength(92);
    for (const [name, handler] of Object.entries(table))
      expect(handler.dto).toBe(STAGED_ORDER_ACTIONS[name as keyof typeof STAGED_ORDER_ACTIONS]);
  });

  it('turns an order into an Active cart and back without losing or adding a field', () => {
    const original = order();
    const cart: Cart = orderAsCart(original);
    expect(cart).toMatchObject({ cartState: 'Active', taxMode: 'Disabled', inventoryMode: 'None' });
    for (const field of ['orderNumber', 'orderState', 'paymentState', 'syncInfo', 'returnInfo'])
      expect(cart).not.toHaveProperty(field);
    const back = cartAsOrder(cart, original);
    expect(back).not.toHaveProperty('cartState');
    expect(back).not.toHaveProperty('deleteDaysAfterLastModification');
    expect({ ...back }).toEqual({
      ...original,
      priceRoundingMode: 'HalfEven',
      taxRoundingMode: 'HalfEven',
      taxCalculationMode: 'LineItemLevel',
      inventoryMode: 'None',
    });
  });

  it('a field the cart engine removed is gone from the order; the order keeps its own fields', () => {
    const original = order({ shippingAddress: { country: 'DE' } });
    const { shippingAddress: _gone, ...cart } = orderAsCart(original);
    const back = cartAsOrder(cart, original);
    expect(back).not.toHaveProperty('shippingAddress');
    expect(back).toMatchObject({ orderNumber: 'N-1', orderState: 'Confirmed', paymentState: 'Paid' });
  });

  it('a cart-like action runs the cart handler and recalculation, and says what changed in Order Messages', async () => {
    const { resource, messages } = await apply(order(), [
      { action: 'changeCustomLineItemQuantity', customLineItemId: 'cli-1', quantity: 3 },
    ]);
    // The cart's recalculation: 3 x 5.00.
    expect(resource.customLineItems[0]).toMatchObject({ quantity: 3, totalPrice: { centAmount: 1500 } });
    expect(resource.totalPrice.centAmount).toBe(1500);
    expect(resource).toMatchObject({
      id: 'order-1',
      version: 4,
      orderNumber: 'N-1',
      orderState: 'Confirmed',
    });
    expect(resource).not.toHaveProperty('cartState');
    expect(messages).toEqual([
      {
        type: 'OrderCustomLineItemQuantityChanged',
        customLineItemId: 'cli-1',
        customLineItemKey: 'wrap',
        quantity: 3,
        oldQuantity: 1,
      },
    ]);
  });

  it("an Order action keeps the Order handler's Message; the order's own rules still refuse", async () => {
    const { resource, messages } = await apply(order(), [
      { action: 'changeOrderState', orderState: 'Complete' },
    ]);
    expect(resource.orderState).toBe('Complete');
    expect(messages).toEqual([
      expect.objectContaining({
        type: 'OrderStateChanged',
        orderState: 'Complete',
        oldOrderState: 'Confirmed',
      }),
    ]);
    await expect(
      apply(order(), [{ action: 'removeCustomLineItem', customLineItemId: 'nope' }]),
    ).rejects.toThrow();
  });

  it('editMessages: line items added, fewer, removed; codes; shipping rate input', () => {
    const item = (quantity: number) => ({
      id: 'li-1',
      key: 'shirt',
      quantity,
      state: [],
      totalPrice: eur(1000 * quantity),
      price: { id: 'p', value: eur(1000) },
      discountedPricePerQuantity: [],
      taxedPricePortions: [],
    });
    const with_ = (quantity: number | undefined, over: Partial<Order> = {}) =>
      order({ lineItems: quantity === undefined ? [] : [item(quantity) as never], ...over });
    expect(editMessages(with_(undefined), with_(2))).toEqual([
      { type: 'OrderLineItemAdded', lineItem: item(2), addedQuantity: 2 },
    ]);
    expect(editMessages(with_(3), with_(1))).toEqual([
      expect.objectContaining({
        type: 'OrderLineItemRemoved',
        lineItemId: 'li-1',
        lineItemKey: 'shirt',
        removedQuantity: 2,
        newQuantity: 1,
        newTotalPrice: eur(1000),
      }),
    ]);
    expect(editMessages(with_(3), with_(undefined))).toEqual([
      expect.objectContaining({ type: 'OrderLineItemRemoved', removedQuantity: 3, newQuantity: 0 }),
    ]);
    const code = {
      discountCode: { typeId: 'discount-code' as const, id: 'dc-1' },
      state: 'MatchesCart' as const,
    };
    expect(editMessages(order(), order({ discountCodes: [code] }))).toEqual([
      { type: 'OrderDiscountCodeAdded', discountCode: code.discountCode },
      { type: 'OrderDiscountCodeStateSet', discountCode: code.discountCode, state: 'MatchesCart' },
    ]);
    expect(editMessages(order({ discountCodes: [code] }), order())).toEqual([
      { type: 'OrderDiscountCodeRemoved', discountCode: code.discountCode },
    ]);
    const input = { type: 'Score' as const, score: 2 };
    expect(editMessages(order(), order({ shippingRateInput: input }))).toEqual([
      { type: 'OrderShippingRateInputSet', shippingRateInput: input },
    ]);
  });
});
