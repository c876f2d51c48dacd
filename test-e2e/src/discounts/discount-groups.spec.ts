import type {
  Cart,
  CartDiscount,
  DiscountCode,
  DiscountGroup,
  DiscountGroupUpdateAction,
} from '@commercetools/platform-sdk';
import { cartProduct, createCart, updateCart } from '../checkout/cart-fixtures.js';
import { failure } from '../checkout/checkout-helpers.js';
import { messagesOf } from '../checkout/checkout-sdk.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import {
  createCartDiscount,
  createDiscountCode,
  deleteCartDiscounts,
  eur,
  groupsOf,
  rank,
  updateCartDiscount,
} from './discount-fixtures.js';

const itemOf = (cart: Cart, sku: string) => cart.lineItems.find((item) => item.variant.sku === sku)!;

async function createGroup(draft: Partial<{ sortOrder: string; isActive: boolean }> = {}) {
  const client = await sdk();
  return (
    await client
      .discountGroups()
      .post({ body: { key: uniqueKey('group'), sortOrder: rank('6'), name: { en: 'group' }, ...draft } })
      .execute()
  ).body;
}

async function updateGroup(group: DiscountGroup, ...actions: DiscountGroupUpdateAction[]) {
  const client = await sdk();
  const current = (await client.discountGroups().withId({ ID: group.id }).get().execute()).body;
  return (
    await client
      .discountGroups()
      .withId({ ID: group.id })
      .post({ body: { version: current.version, actions } })
      .execute()
  ).body;
}

async function deleteGroup(group: DiscountGroup) {
  const client = await sdk();
  const current = (await client.discountGroups().withId({ ID: group.id }).get().execute()).body;
  await client
    .discountGroups()
    .withId({ ID: group.id })
    .delete({ queryArgs: { version: current.version } })
    .execute();
}

/**
 * Discount Groups through the SDK: the resource (id and key routes, every update action, its Messages and
 * errors) and, on real carts, the group's best deal. Products of `cartProduct`: variant 1 at 10.00, variant 2
 * at 5.00 EUR. Every discount is scoped to the test's own SKUs and deleted after each test.
 */
describe('Discount Groups', () => {
  const discounts: CartDiscount[] = [];
  const codes: DiscountCode[] = [];
  const groups: DiscountGroup[] = [];
  const discount = async (draft: Parameters<typeof createCartDiscount>[0]) => {
    const created = await createCartDiscount(draft);
    discounts.push(created);
    return created;
  };
  const group = async (draft: Parameters<typeof createGroup>[0] = {}) => {
    const created = await createGroup(draft);
    groups.push(created);
    return created;
  };
  afterEach(async () => {
    await deleteCartDiscounts(codes, discounts);
    for (const each of groups.splice(0)) await deleteGroup(each);
  });

  it('is created, read by id and key, updated by every action, with its Messages', async () => {
    const client = await sdk();
    const key = uniqueKey('dg');
    const sortOrder = rank('6');
    const created = (await client.discountGroups().post({ body: { key, sortOrder } }).execute()).body;
    expect(created).toMatchObject({ key, sortOrder, isActive: true, version: 1 });
    expect((await client.discountGroups().withKey({ key }).get().execute()).body.id).toBe(created.id);
    const newKey = uniqueKey('dg2');
    const newSortOrder = rank('6');
    let updated = await updateGroup(
      created,
      { action: 'setName', name: { en: 'Summer' } },
      { action: 'setDescription', description: { en: 'best of' } },
      { action: 'setKey', key: newKey },
      { action: 'setSortOrder', sortOrder: newSortOrder },
      { action: 'setIsActive', isActive: false },
    );
    expect(updated).toMatchObject({
      key: newKey,
      name: { en: 'Summer' },
      description: { en: 'best of' },
      sortOrder: newSortOrder,
      isActive: false,
      version: 2,
    });
    updated = (
      await client
        .discountGroups()
        .withKey({ key: newKey })
        .post({ body: { version: updated.version, actions: [{ action: 'setName' }] } })
        .execute()
    ).body;
    expect(updated.name).toBeUndefined();
    const page = (
      await client
        .discountGroups()
        .get({ queryArgs: { where: `key = "${newKey}"` } })
        .execute()
    ).body;
    expect(page.results.map((g) => g.id)).toEqual([created.id]);
    await client
      .discountGroups()
      .withKey({ key: newKey })
      .delete({ queryArgs: { version: updated.version } })
      .execute();

    const messages = await messagesOf(client, created.id, 5);
    expect(messages.map((m) => m.type)).toEqual([
      'DiscountGroupCreated',
      'DiscountGroupKeySet',
      'DiscountGroupSortOrderSet',
      'DiscountGroupIsActiveSet',
      'DiscountGroupDeleted',
    ]);
    expect(messages[0]).toMatchObject({ discountGroup: { id: created.id, key } });
    expect(messages[1]).toMatchObject({ key: newKey, oldKey: key });
    expect(messages[2]).toMatchObject({ sortOrder: newSortOrder, oldSortOrder: sortOrder });
    expect(messages[3]).toMatchObject({ isActive: false, oldIsActive: true });
  });

  it('refuses a sortOrder used by a cart discount or a group, a bad target, and deleting a used group', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const taken = await discount({
      value: { type: 'relative', permyriad: 100 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
    });
    const duplicateOfDiscount = await failure(
      client
        .discountGroups()
        .post({ body: { key: uniqueKey('dg'), sortOrder: taken.sortOrder } })
        .execute(),
    );
    expect(duplicateOfDiscount).toMatchObject({
      statusCode: 400,
      code: 'DuplicateField',
      error: { field: 'sortOrder', duplicateValue: taken.sortOrder },
    });
    const existing = await group();
    const duplicateOfGroup = await failure(
      client
        .cartDiscounts()
        .post({
          body: {
            name: { en: 'x' },
            value: { type: 'relative', permyriad: 100 },
            cartPredicate: '1 = 1',
            target: { type: 'lineItems', predicate: 'true' },
            sortOrder: existing.sortOrder,
          },
        })
        .execute(),
    );
    expect(duplicateOfGroup).toMatchObject({ code: 'DuplicateField', error: { field: 'sortOrder' } });
    expect(
      await failure(updateGroup(existing, { action: 'setSortOrder', sortOrder: taken.sortOrder })),
    ).toMatchObject({ code: 'DuplicateField', error: { field: 'sortOrder' } });
    expect(
      await failure(
        client
          .discountGroups()
          .post({ body: { key: existing.key, sortOrder: rank('6') } })
          .execute(),
      ),
    ).toMatchObject({ code: 'DuplicateField', error: { field: 'key' } });

    // Only item targets may be in a group; the discount then shows the group's sortOrder.
    const shipping = await discount({
      value: { type: 'relative', permyriad: 100 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'shipping' },
    });
    expect(
      await failure(
        updateCartDiscount(shipping, {
          action: 'setDiscountGroup',
          discountGroup: { typeId: 'discount-group', key: existing.key },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    const grouped = await updateCartDiscount(taken, {
      action: 'setDiscountGroup',
      discountGroup: { typeId: 'discount-group', key: existing.key },
    });
    expect(grouped).toMatchObject({
      discountGroup: { typeId: 'discount-group', id: existing.id },
      sortOrder: existing.sortOrder,
    });
    expect(await failure(updateCartDiscount(grouped, { action: 'setDiscountGroup' }))).toMatchObject({
      code: 'RequiredField',
      error: { field: 'sortOrder' },
    });
    expect(
      await failure(
        client
          .discountGroups()
          .withId({ ID: existing.id })
          .delete({ queryArgs: { version: 1 } })
          .execute(),
      ),
    ).toMatchObject({ code: 'ReferenceExists' });
    expect(
      await failure(
        updateCartDiscount(grouped, {
          action: 'setDiscountGroup',
          discountGroup: { typeId: 'discount-group', key: 'no-such-group' },
        }),
      ),
    ).toMatchObject({ code: 'ReferencedResourceNotFound' });
    const ungrouped = await updateCartDiscount(grouped, { action: 'setDiscountGroup', sortOrder: rank('4') });
    expect(ungrouped.discountGroup).toBeUndefined();
  });

  it("applies only the group's best deal, at the group's sortOrder; an inactive group applies nothing", async () => {
    const { skus } = await cartProduct();
    const dg = await group({ sortOrder: rank('6') });
    const inGroup = { typeId: 'discount-group' as const, id: dg.id };
    const cartPredicate = `lineItemExists(sku = "${skus[0]}")`;
    // 10 % off both variants: 2 x 1.00 + 0.50 = 2.50 EUR; 3.00 EUR off each unit of variant 1: 6.00 EUR.
    const tenPercent = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate,
      target: { type: 'lineItems', predicate: `sku in ("${skus[0]}", "${skus[1]}")` },
      discountGroup: inGroup,
    });
    const threeOff = await discount({
      value: { type: 'absolute', money: [eur(300)], applicationMode: 'IndividualApplication' },
      cartPredicate,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
      discountGroup: inGroup,
    });
    expect(tenPercent.sortOrder).toBe(dg.sortOrder);
    // After the group (rank 6): 50 % off variant 2.
    const halfAfter = await discount({
      value: { type: 'relative', permyriad: 5000 },
      cartPredicate,
      target: { type: 'lineItems', predicate: `sku = "${skus[1]}"` },
      sortOrder: rank('3'),
    });
    const cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([[2, 700, [[threeOff.id, 300]]]]);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[1, 250, [[halfAfter.id, 250]]]]);
    // 2 x 7.00 + 2.50 = 16.50
    expect(cart.totalPrice.centAmount).toBe(1650);

    // 45 % instead of 10 %: 2 x 4.50 + 2.25 = 11.25 EUR saved against 6.00, so it wins the group.
    await updateCartDiscount(tenPercent, {
      action: 'changeValue',
      value: { type: 'relative', permyriad: 4500 },
    });
    const switched = await updateCart(cart, { action: 'recalculate' });
    expect(groupsOf(itemOf(switched, skus[0]))).toEqual([[2, 550, [[tenPercent.id, 450]]]]);
    // variant 2: 5.00 - 45 % = 2.75, then 50 % off: 1.375 rounded half even to 1.38 off, 1.37 left.
    expect(groupsOf(itemOf(switched, skus[1]))).toEqual([
      [
        1,
        137,
        [
          [tenPercent.id, 225],
          [halfAfter.id, 138],
        ],
      ],
    ]);
    expect(switched.totalPrice.centAmount).toBe(1100 + 137);

    await updateGroup(dg, { action: 'setIsActive', isActive: false });
    const inactive = await updateCart(switched, { action: 'recalculate' });
    expect(groupsOf(itemOf(inactive, skus[0]))).toEqual([]);
    expect(inactive.totalPrice.centAmount).toBe(2000 + 250);
  });

  it('a code whose discount lost the best deal is ApplicationStoppedByGroupBestDeal, and the order is placed', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const dg = await group();
    const inGroup = { typeId: 'discount-group' as const, id: dg.id };
    const cartPredicate = `lineItemExists(sku = "${skus[0]}")`;
    const small = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
      requiresDiscountCode: true,
      discountGroup: inGroup,
    });
    const big = await discount({
      value: { type: 'relative', permyriad: 2000 },
      cartPredicate,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
      discountGroup: inGroup,
    });
    const code = await createDiscountCode({ cartDiscounts: [{ typeId: 'cart-discount', id: small.id }] });
    codes.push(code);
    const cart = await createCart({
      shippingAddress: { country: 'DE' },
      lineItems: [{ sku: skus[0], quantity: 1 }],
    });
    const withCode = await updateCart(cart, { action: 'addDiscountCode', code: code.code });
    expect(withCode.discountCodes[0].state).toBe('ApplicationStoppedByGroupBestDeal');
    expect(groupsOf(withCode.lineItems[0])).toEqual([[1, 800, [[big.id, 200]]]]);
    // Out of the group, the code's discount stacks again: 10.00 - 20 % = 8.00, - 10 % = 7.20.
    await updateCartDiscount(small, { action: 'setDiscountGroup', sortOrder: rank('2') });
    const stacked = await updateCart(withCode, { action: 'recalculate' });
    expect(stacked.discountCodes[0].state).toBe('MatchesCart');
    expect(stacked.totalPrice.centAmount).toBe(720);
    // Back in the group, the order is placed with the code stopped by the best deal (not refused).
    await updateCartDiscount(small, { action: 'setDiscountGroup', discountGroup: inGroup });
    const back = await updateCart(stacked, { action: 'recalculate' });
    expect(back.discountCodes[0].state).toBe('ApplicationStoppedByGroupBestDeal');
    const order = (
      await client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: back.id }, version: back.version } })
        .execute()
    ).body;
    expect(order.totalPrice.centAmount).toBe(800);
  });
});

describe('recurringOrderScope ApplicableRecurrencePolicies', () => {
  it('stores the named recurrence policies by reference and refuses unknown or none', async () => {
    const client = await sdk();
    const policy = (
      await client
        .recurrencePolicies()
        .post({
          body: { key: uniqueKey('weekly'), schedule: { type: 'standard', value: 1, intervalUnit: 'Weeks' } },
        })
        .execute()
    ).body;
    const created = await createCartDiscount({
      value: { type: 'relative', permyriad: 500 },
      cartPredicate: '1 = 1',
      target: { type: 'lineItems', predicate: 'sku = "no-such-sku-at-all"' },
      isActive: false,
      recurringOrderScope: {
        type: 'ApplicableRecurrencePolicies',
        recurrencePolicies: [{ typeId: 'recurrence-policy', key: policy.key }],
      },
    });
    try {
      expect(created.recurringOrderScope).toEqual({
        type: 'ApplicableRecurrencePolicies',
        recurrencePolicies: [{ typeId: 'recurrence-policy', id: policy.id }],
      });
      expect(
        await failure(
          updateCartDiscount(created, {
            action: 'setRecurringOrderScope',
            recurringOrderScope: {
              type: 'ApplicableRecurrencePolicies',
              recurrencePolicies: [{ typeId: 'recurrence-policy', key: 'no-such-policy' }],
            },
          }),
        ),
      ).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
      expect(
        await failure(
          updateCartDiscount(created, {
            action: 'setRecurringOrderScope',
            recurringOrderScope: { type: 'ApplicableRecurrencePolicies', recurrencePolicies: [] },
          }),
        ),
      ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    } finally {
      await deleteCartDiscounts([], [created]);
    }
  });
});
