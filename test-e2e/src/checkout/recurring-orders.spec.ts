import type {
  Cart,
  Order,
  RecurrencePolicy,
  RecurringOrder,
  RecurringOrderUpdateAction,
} from '@commercetools/platform-sdk';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failure } from '../customers/customer-helpers.js';
import { data } from '../graphql/graphql-helpers.js';
import { eventually } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { cartProduct, createCart, updateCart } from './cart-fixtures.js';
import { customerApi, messagesOf, storefrontClient, type Api } from './checkout-sdk.js';

const shippingAddress = { country: 'DE', city: 'Berlin' };
/** The e2e platform's schedule day (global setup: RECURRING_ORDER_DAY_MS). */
const DAY_MS = Number(process.env.RECURRING_ORDER_DAY_MS ?? 2000);
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('Recurrence policies and recurring orders (beta)', () => {
  let api: Api;
  let skus: [string, string];

  beforeAll(async () => {
    api = await sdk();
    ({ skus } = await cartProduct());
  });

  async function policy(
    schedule: RecurrencePolicy['schedule'] = { type: 'standard', value: 1, intervalUnit: 'Days' },
  ) {
    const key = uniqueKey('policy');
    const { statusCode, body } = await api
      .recurrencePolicies()
      .post({ body: { key, name: { en: 'Daily' }, schedule } })
      .execute();
    expect(statusCode).toBe(201);
    return body;
  }

  /** An orderable cart whose line item recurs by `recurrencePolicy`. */
  function recurringCart(
    recurrencePolicy: RecurrencePolicy,
    mode: 'Fixed' | 'Dynamic' = 'Fixed',
  ): Promise<Cart> {
    return createCart({
      country: 'DE',
      shippingAddress,
      lineItems: [
        {
          sku: skus[0],
          quantity: 2,
          recurrenceInfo: {
            recurrencePolicy: { typeId: 'recurrence-policy', key: recurrencePolicy.key },
            priceSelectionMode: mode,
          },
        },
      ],
    });
  }

  async function recurringOrder(cart: Cart, extra: Record<string, unknown> = {}): Promise<RecurringOrder> {
    const { statusCode, body } = await api
      .recurringOrders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version, ...extra } })
      .execute();
    expect(statusCode).toBe(201);
    return body;
  }

  async function update(order: RecurringOrder, ...actions: RecurringOrderUpdateAction[]) {
    return (
      await api
        .recurringOrders()
        .withId({ ID: order.id })
        .post({ body: { version: order.version, actions } })
        .execute()
    ).body;
  }

  describe('recurrence policies', () => {
    it('creates both schedule variants and applies every update action', async () => {
      const daily = await policy();
      expect(daily).toMatchObject({
        version: 1,
        name: { en: 'Daily' },
        schedule: { type: 'standard', value: 1, intervalUnit: 'Days' },
      });
      const monthly = await policy({ type: 'dayOfMonth', day: 15 });
      expect(monthly.schedule).toEqual({ type: 'dayOfMonth', day: 15 });
      const byKey = await api.recurrencePolicies().withKey({ key: daily.key }).get().execute();
      expect(byKey.body.id).toBe(daily.id);

      const key = uniqueKey('renamed');
      const { body: updated } = await api
        .recurrencePolicies()
        .withId({ ID: daily.id })
        .post({
          body: {
            version: daily.version,
            actions: [
              { action: 'setKey', key },
              { action: 'setName', name: { en: 'Weekly' } },
              { action: 'setDescription', description: { en: 'Every two weeks' } },
              { action: 'setSchedule', schedule: { type: 'standard', value: 2, intervalUnit: 'Weeks' } },
            ],
          },
        })
        .execute();
      expect(updated).toMatchObject({
        key,
        version: 2,
        name: { en: 'Weekly' },
        description: { en: 'Every two weeks' },
        schedule: { type: 'standard', value: 2, intervalUnit: 'Weeks' },
      });
      const page = await api
        .recurrencePolicies()
        .get({ queryArgs: { where: `key in ("${key}", "${monthly.key}")`, sort: 'key asc' } })
        .execute();
      expect(page.body.results.map((p) => p.id).sort()).toEqual([daily.id, monthly.id].sort());
      const deleted = await api
        .recurrencePolicies()
        .withKey({ key })
        .delete({ queryArgs: { version: updated.version } })
        .execute();
      expect(deleted.body.id).toBe(daily.id);
      expect(
        (await failure(api.recurrencePolicies().withId({ ID: daily.id }).get().execute())).statusCode,
      ).toBe(404);
    });

    it('refuses bad schedules, a removed key, a stale version and the wrong scope', async () => {
      const bad = await failure(
        api
          .recurrencePolicies()
          .post({
            body: { key: uniqueKey('p'), schedule: { type: 'standard', value: 0, intervalUnit: 'Days' } },
          })
          .execute(),
      );
      expect(bad).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
      const badDay = await failure(
        api
          .recurrencePolicies()
          .post({ body: { key: uniqueKey('p'), schedule: { type: 'dayOfMonth', day: 32 } } })
          .execute(),
      );
      expect(badDay.statusCode).toBe(400);
      const existing = await policy();
      const noKey = await failure(
        api
          .recurrencePolicies()
          .withId({ ID: existing.id })
          .post({ body: { version: existing.version, actions: [{ action: 'setKey' }] } })
          .execute(),
      );
      expect(noKey).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      const stale = await failure(
        api
          .recurrencePolicies()
          .withId({ ID: existing.id })
          .post({ body: { version: 9, actions: [{ action: 'setName', name: { en: 'x' } }] } })
          .execute(),
      );
      expect(stale).toMatchObject({ statusCode: 409, error: { code: 'ConcurrentModification' } });
      const { projectKey } = await platform();
      const viewer = await sdk([`view_recurring_orders:${projectKey}`]);
      expect((await viewer.recurrencePolicies().withId({ ID: existing.id }).get().execute()).body.id).toBe(
        existing.id,
      );
      const refused = await failure(
        viewer
          .recurrencePolicies()
          .post({ body: { key: uniqueKey('p'), schedule: { type: 'dayOfMonth', day: 1 } } })
          .execute(),
      );
      expect(refused.statusCode).toBe(403);
      const orders = await sdk([`view_orders:${projectKey}`]);
      expect((await failure(orders.recurrencePolicies().get().execute())).statusCode).toBe(403);
    });
  });

  describe('line item recurrenceInfo', () => {
    it('is set from the draft and by the cart actions, and must name an existing policy', async () => {
      const daily = await policy();
      const cart = await recurringCart(daily, 'Dynamic');
      expect(cart.lineItems[0].recurrenceInfo).toEqual({
        recurrencePolicy: { typeId: 'recurrence-policy', id: daily.id },
        priceSelectionMode: 'Dynamic',
      });
      const lineItemId = cart.lineItems[0].id;
      const fixed = await updateCart(cart, {
        action: 'setLineItemRecurrenceInfo',
        lineItemId,
        recurrenceInfo: {
          recurrencePolicy: { typeId: 'recurrence-policy', id: daily.id },
          priceSelectionMode: 'Fixed',
        },
      });
      expect(fixed.lineItems[0].recurrenceInfo?.priceSelectionMode).toBe('Fixed');
      const removed = await updateCart(fixed, { action: 'setLineItemRecurrenceInfo', lineItemId });
      expect(removed.lineItems[0]).not.toHaveProperty('recurrenceInfo');
      const unknown = await failure(
        api
          .carts()
          .withId({ ID: cart.id })
          .post({
            body: {
              version: removed.version,
              actions: [
                {
                  action: 'setLineItemRecurrenceInfo',
                  lineItemId,
                  recurrenceInfo: {
                    recurrencePolicy: { typeId: 'recurrence-policy', key: 'no-such-policy' },
                    priceSelectionMode: 'Fixed',
                  },
                },
              ],
            },
          })
          .execute(),
      );
      expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    });
  });

  describe('recurring orders', () => {
    it('copies the cart, takes the policy schedule and announces RecurringOrderCreated', async () => {
      const daily = await policy();
      const cart = await recurringCart(daily);
      const startsAt = inFuture(365 * 86_400_000);
      const key = uniqueKey('ro');
      const order = await recurringOrder(cart, { key, startsAt });
      expect(order).toMatchObject({
        key,
        version: 1,
        recurringOrderState: 'Active',
        schedule: daily.schedule,
        startsAt,
        nextOrderAt: startsAt,
      });
      expect(order.cart.id).not.toBe(cart.id);
      const copy = (await api.carts().withId({ ID: order.cart.id }).get().execute()).body;
      expect(copy).toMatchObject({
        origin: 'RecurringOrder',
        cartState: 'Active',
        totalPrice: cart.totalPrice,
      });
      expect((await api.carts().withId({ ID: cart.id }).get().execute()).body.version).toBe(cart.version);
      const [created] = await messagesOf(api, order.id, 1);
      expect(created).toMatchObject({ type: 'RecurringOrderCreated', recurringOrder: { id: order.id } });
      expect((await api.recurringOrders().withKey({ key }).get().execute()).body.id).toBe(order.id);
    });

    it('refuses a cart without recurring items, a stale cart version and a start in the past', async () => {
      const plain = await createCart({ country: 'DE', shippingAddress, lineItems: [{ sku: skus[0] }] });
      const noItems = await failure(
        api
          .recurringOrders()
          .post({ body: { cart: { typeId: 'cart', id: plain.id }, cartVersion: plain.version } })
          .execute(),
      );
      expect(noItems).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      const cart = await recurringCart(await policy());
      const stale = await failure(
        api
          .recurringOrders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, cartVersion: cart.version + 5 } })
          .execute(),
      );
      expect(stale).toMatchObject({ statusCode: 409, error: { code: 'ConcurrentModification' } });
      const past = await failure(
        api
          .recurringOrders()
          .post({
            body: {
              cart: { typeId: 'cart', id: cart.id },
              cartVersion: cart.version,
              startsAt: inFuture(-60_000),
            },
          })
          .execute(),
      );
      expect(past).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
      const unknownCart = await failure(
        api
          .recurringOrders()
          .post({ body: { cart: { typeId: 'cart', id: 'nope' }, cartVersion: 1 } })
          .execute(),
      );
      expect(unknownCart).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    });

    it('applies every update action with its Messages and the state moves', async () => {
      const daily = await policy();
      const weekly = await policy({ type: 'standard', value: 1, intervalUnit: 'Weeks' });
      const start = inFuture(365 * 86_400_000);
      let order = await recurringOrder(await recurringCart(daily), { startsAt: start });
      const key = uniqueKey('ro');
      const later = inFuture(400 * 86_400_000);
      const expires = inFuture(800 * 86_400_000);
      order = await update(
        order,
        { action: 'setKey', key },
        { action: 'setStartsAt', startsAt: later },
        { action: 'setExpiresAt', expiresAt: expires },
        { action: 'setSchedule', recurrencePolicy: { typeId: 'recurrence-policy', id: weekly.id } },
      );
      expect(order).toMatchObject({
        key,
        startsAt: later,
        nextOrderAt: later,
        expiresAt: expires,
        schedule: weekly.schedule,
      });
      order = await update(order, {
        action: 'setOrderSkipConfiguration',
        skipConfigurationInputDraft: { type: 'Counter', totalToSkip: 2 },
      });
      expect(order.skipConfiguration).toEqual({ type: 'Counter', totalToSkip: 2, skipped: 0 });
      const whileSkipping = await failure(
        api
          .recurringOrders()
          .withId({ ID: order.id })
          .post({
            body: {
              version: order.version,
              actions: [
                { action: 'setSchedule', recurrencePolicy: { typeId: 'recurrence-policy', id: daily.id } },
              ],
            },
          })
          .execute(),
      );
      expect(whileSkipping).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      order = await update(order, { action: 'setOrderSkipConfiguration' });
      expect(order).not.toHaveProperty('skipConfiguration');

      order = await update(order, {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'paused' },
      });
      expect(order.recurringOrderState).toBe('Paused');
      const resumesAt = inFuture(500 * 86_400_000);
      order = await update(order, {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'active', resumesAt },
      });
      expect(order).toMatchObject({ recurringOrderState: 'Paused', resumesAt });
      order = await update(order, {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'active' },
      });
      expect(order.recurringOrderState).toBe('Active');
      expect(order).not.toHaveProperty('resumesAt');
      order = await update(order, {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'expired' },
      });
      expect(order.recurringOrderState).toBe('Expired');
      const notActive = await failure(
        api
          .recurringOrders()
          .withId({ ID: order.id })
          .post({
            body: {
              version: order.version,
              actions: [{ action: 'setRecurringOrderState', recurringOrderState: { type: 'active' } }],
            },
          })
          .execute(),
      );
      expect(notActive).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      order = await update(order, { action: 'setExpiresAt', expiresAt: inFuture(900 * 86_400_000) });
      expect(order.recurringOrderState).toBe('Active');
      order = await update(order, {
        action: 'setRecurringOrderState',
        recurringOrderState: { type: 'canceled', reason: 'no longer needed' },
      });
      expect(order.recurringOrderState).toBe('Canceled');
      const final = await failure(
        api
          .recurringOrders()
          .withId({ ID: order.id })
          .post({
            body: {
              version: order.version,
              actions: [{ action: 'setRecurringOrderState', recurringOrderState: { type: 'paused' } }],
            },
          })
          .execute(),
      );
      expect(final).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });

      const types = (await messagesOf(api, order.id, 10)).map((message) => message.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'RecurringOrderCreated',
          'RecurringOrderKeySet',
          'RecurringOrderStartsAtSet',
          'RecurringOrderExpiresAtSet',
          'RecurringOrderScheduleSet',
          'RecurringOrderStateChanged',
        ]),
      );
      const changed = (await messagesOf(api, order.id, 10)).find(
        (m) => m.type === 'RecurringOrderStateChanged',
      );
      expect(changed).toMatchObject({ recurringOrderState: 'Paused', oldRecurringOrderState: 'Active' });
    });

    it('follows State transitions and keeps custom fields with their Messages', async () => {
      const stateKey = uniqueKey('ro-state');
      const state = (
        await api
          .states()
          .post({ body: { key: stateKey, type: 'RecurringOrderState', initial: true } })
          .execute()
      ).body;
      const type = (
        await api
          .types()
          .post({
            body: {
              key: uniqueKey('ro-type'),
              name: { en: 'recurring' },
              resourceTypeIds: ['recurring-order'],
              fieldDefinitions: [
                {
                  name: 'note',
                  label: { en: 'note' },
                  required: false,
                  type: { name: 'String' },
                  inputHint: 'SingleLine',
                },
              ],
            },
          })
          .execute()
      ).body;
      let order = await recurringOrder(await recurringCart(await policy()), {
        startsAt: inFuture(365 * 86_400_000),
        state: { typeId: 'state', key: stateKey },
      });
      expect(order.state).toEqual({ typeId: 'state', id: state.id });
      const next = (
        await api
          .states()
          .post({ body: { key: uniqueKey('ro-next'), type: 'RecurringOrderState' } })
          .execute()
      ).body;
      order = await update(
        order,
        { action: 'transitionState', state: { typeId: 'state', id: next.id } },
        { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { note: 'a' } },
        { action: 'setCustomField', name: 'note', value: 'b' },
      );
      expect(order).toMatchObject({ state: { id: next.id }, custom: { fields: { note: 'b' } } });
      const messages = await messagesOf(api, order.id, 4);
      expect(messages.map((m) => m.type)).toEqual([
        'RecurringOrderCreated',
        'RecurringOrderStateTransition',
        'RecurringOrderCustomTypeSet',
        'RecurringOrderCustomFieldChanged',
      ]);
      expect(messages[3]).toMatchObject({ name: 'note', value: 'b', previousValue: 'a' });
    });
  });

  describe('orders from carts with recurring items', () => {
    const recurrence = (recurrencePolicy: RecurrencePolicy, mode: 'Fixed' | 'Dynamic' = 'Fixed') => ({
      recurrencePolicy: { typeId: 'recurrence-policy' as const, key: recurrencePolicy.key },
      priceSelectionMode: mode,
    });
    const startedBy = async (order: Order) =>
      (
        await api
          .recurringOrders()
          .get({ queryArgs: { where: `originOrder(id = "${order.id}")`, sort: 'createdAt asc' } })
          .execute()
      ).body.results;
    const cancel = async (recurring: RecurringOrder) => {
      const { body } = await api.recurringOrders().withId({ ID: recurring.id }).get().execute();
      await update(body, { action: 'setRecurringOrderState', recurringOrderState: { type: 'canceled' } });
    };

    it('start a recurring order of the recurring items only, due one schedule step after the order', async () => {
      const daily = await policy();
      const cart = await createCart({
        country: 'DE',
        shippingAddress,
        lineItems: [
          { sku: skus[0], quantity: 2, recurrenceInfo: recurrence(daily) },
          { sku: skus[1], quantity: 1 },
        ],
      });
      const order = (
        await api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute()
      ).body;
      const [recurring, ...others] = await startedBy(order);
      expect(others).toEqual([]);
      expect(recurring).toMatchObject({
        recurringOrderState: 'Active',
        originOrder: { typeId: 'order', id: order.id },
        schedule: daily.schedule,
        startsAt: order.createdAt,
        lastOrderAt: order.createdAt,
        nextOrderAt: new Date(Date.parse(order.createdAt) + DAY_MS).toISOString(),
      });
      expect(order).not.toHaveProperty('recurringOrder');
      const copy = (await api.carts().withId({ ID: recurring.cart.id }).get().execute()).body;
      const recurringItem = order.lineItems.find((item) => item.variant.sku === skus[0])!;
      expect(copy).toMatchObject({ origin: 'RecurringOrder', cartState: 'Active', shippingAddress });
      expect(copy.lineItems.map((item) => [item.variant.sku, item.quantity])).toEqual([[skus[0], 2]]);
      expect(copy.totalPrice.centAmount).toBe(recurringItem.totalPrice.centAmount);
      const [created] = await messagesOf(api, recurring.id, 1);
      expect(created).toMatchObject({ type: 'RecurringOrderCreated', recurringOrder: { id: recurring.id } });
      // The scheduler orders from it when it is due.
      const next = await eventually(
        async () => {
          const { body } = await api
            .orders()
            .get({ queryArgs: { where: `recurringOrder(id = "${recurring.id}")` } })
            .execute();
          return body.results[0];
        },
        10 * DAY_MS + 30_000,
      );
      expect(next.lineItems.map((item) => item.variant.sku)).toEqual([skus[0]]);
      await cancel(recurring);
    }, 120_000);

    it('start one recurring order per recurrence policy and price selection mode', async () => {
      const daily = await policy();
      const weekly = await policy({ type: 'standard', value: 1, intervalUnit: 'Weeks' });
      const cart = await createCart({
        country: 'DE',
        shippingAddress,
        lineItems: [
          { sku: skus[0], recurrenceInfo: recurrence(weekly) },
          { sku: skus[1], recurrenceInfo: recurrence(daily, 'Dynamic') },
        ],
      });
      const order = (
        await api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute()
      ).body;
      const started = await startedBy(order);
      expect(started).toHaveLength(2);
      for (const recurring of started) await cancel(recurring);
      const found = await Promise.all(
        started.map(async (recurring) => {
          const copy = (await api.carts().withId({ ID: recurring.cart.id }).get().execute()).body;
          return {
            schedule: recurring.schedule,
            steps: (Date.parse(recurring.nextOrderAt!) - Date.parse(order.createdAt)) / DAY_MS,
            items: copy.lineItems.map((item) => [item.variant.sku, item.recurrenceInfo?.priceSelectionMode]),
          };
        }),
      );
      expect(found).toEqual(
        expect.arrayContaining([
          { schedule: weekly.schedule, steps: 7, items: [[skus[0], 'Fixed']] },
          { schedule: daily.schedule, steps: 1, items: [[skus[1], 'Dynamic']] },
        ]),
      );
    });

    it("start from a customer's own order (/me/orders), for that customer", async () => {
      const daily = await policy();
      const { api: mine, customerId } = await customerApi(await storefrontClient());
      const cart = (
        await mine
          .me()
          .carts()
          .post({
            body: {
              currency: 'EUR',
              country: 'DE',
              shippingAddress,
              lineItems: [{ sku: skus[0], recurrenceInfo: recurrence(daily) }],
            },
          })
          .execute()
      ).body;
      const order = (
        await mine
          .me()
          .orders()
          .post({ body: { id: cart.id, version: cart.version } })
          .execute()
      ).body;
      const [recurring] = await startedBy(order);
      expect(recurring).toMatchObject({
        originOrder: { id: order.id },
        customer: { typeId: 'customer', id: customerId },
      });
      await cancel(recurring);
    });

    it('write nothing when the order fails, and one recurring order when it is made', async () => {
      const customerEmail = `${uniqueKey('recurring')}@example.com`;
      const daily = await policy();
      let cart = await createCart({
        country: 'DE',
        customerEmail,
        lineItems: [{ sku: skus[0], recurrenceInfo: recurrence(daily) }],
      });
      const ofEmail = async () =>
        (
          await api
            .recurringOrders()
            .get({ queryArgs: { where: `customerEmail = "${customerEmail}"` } })
            .execute()
        ).body.results;
      const post = () =>
        api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute();
      const noAddress = await failure(post());
      expect(noAddress).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      expect(await ofEmail()).toEqual([]);
      cart = await updateCart(cart, { action: 'setShippingAddress', address: shippingAddress });
      const order = (await post()).body;
      const started = await ofEmail();
      expect(started.map((recurring) => recurring.originOrder?.id)).toEqual([order.id]);
      await cancel(started[0]);
    });
  });

  describe('prices by recurrence policy', () => {
    it('gives recurring items their policy price and one-off items and other policies the others', async () => {
      const weekly = await policy({ type: 'standard', value: 1, intervalUnit: 'Weeks' });
      const daily = await policy();
      const { product, skus: own } = await cartProduct();
      const added = (
        await api
          .products()
          .withId({ ID: product.id })
          .post({
            body: {
              version: product.version,
              actions: [
                {
                  action: 'addPrice',
                  sku: own[0],
                  staged: false,
                  price: {
                    value: { currencyCode: 'EUR', centAmount: 700 },
                    recurrencePolicy: { typeId: 'recurrence-policy', key: weekly.key },
                  },
                },
              ],
            },
          })
          .execute()
      ).body;
      const policyPrice = added.masterData.current.masterVariant.prices!.find((p) => p.recurrencePolicy)!;
      expect(policyPrice).toMatchObject({
        value: { centAmount: 700 },
        recurrencePolicy: { typeId: 'recurrence-policy', id: weekly.id },
      });
      const item = (recurrencePolicy?: RecurrencePolicy) => ({
        sku: own[0],
        ...(recurrencePolicy
          ? {
              recurrenceInfo: {
                recurrencePolicy: { typeId: 'recurrence-policy' as const, id: recurrencePolicy.id },
                priceSelectionMode: 'Fixed' as const,
              },
            }
          : {}),
      });
      let cart = await createCart({
        country: 'DE',
        lineItems: [item(weekly), item(), item(daily)],
      });
      expect(cart.lineItems.map((li) => li.price.value.centAmount)).toEqual([700, 1000, 1000]);
      expect(cart.lineItems[0].price.id).toBe(policyPrice.id);
      // A one-off item that becomes recurring by the policy takes its price, and back.
      cart = await updateCart(cart, {
        action: 'setLineItemRecurrenceInfo',
        lineItemId: cart.lineItems[1].id,
        recurrenceInfo: {
          recurrencePolicy: { typeId: 'recurrence-policy', id: weekly.id },
          priceSelectionMode: 'Fixed',
        },
      });
      expect(cart.lineItems[1].price.value.centAmount).toBe(700);
      cart = await updateCart(cart, {
        action: 'setLineItemRecurrenceInfo',
        lineItemId: cart.lineItems[0].id,
      });
      expect(cart.lineItems[0].price.value.centAmount).toBe(1000);

      const projection = async (queryArgs: Record<string, string>) =>
        (await api.productProjections().withId({ ID: product.id }).get({ queryArgs }).execute()).body
          .masterVariant.price;
      expect((await projection({ priceCurrency: 'EUR', priceRecurrencePolicy: weekly.id }))?.id).toBe(
        policyPrice.id,
      );
      expect(
        (await projection({ priceCurrency: 'EUR', priceRecurrencePolicy: daily.id }))?.value.centAmount,
      ).toBe(1000);
      expect((await projection({ priceCurrency: 'EUR' }))?.value.centAmount).toBe(1000);

      const unknown = await failure(
        api
          .products()
          .withId({ ID: product.id })
          .post({
            body: {
              version: added.version,
              actions: [
                {
                  action: 'addPrice',
                  sku: own[1],
                  price: {
                    value: { currencyCode: 'EUR', centAmount: 1 },
                    recurrencePolicy: { typeId: 'recurrence-policy', key: 'no-such-policy' },
                  },
                },
              ],
            },
          })
          .execute(),
      );
      expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    });

    it('stores a Standalone Price with its recurrence policy', async () => {
      const weekly = await policy({ type: 'standard', value: 1, intervalUnit: 'Weeks' });
      const { body, statusCode } = await api
        .standalonePrices()
        .post({
          body: {
            sku: uniqueKey('sku'),
            value: { currencyCode: 'EUR', centAmount: 700 },
            recurrencePolicy: { typeId: 'recurrence-policy', key: weekly.key },
          },
        })
        .execute();
      expect(statusCode).toBe(201);
      expect(body.recurrencePolicy).toEqual({ typeId: 'recurrence-policy', id: weekly.id });
    });
  });

  describe('GraphQL', () => {
    // The gateway builds its GraphQL schema on the first query; on a busy machine that alone can outlast a
    // request's deadline, so the first query here is a plain one.
    beforeAll(async () => {
      await data(api, '{ __typename }');
    });

    it('reads recurrence policies and recurring orders with the fields their shapes declare', async () => {
      const monthly = await policy({ type: 'dayOfMonth', day: 3 });
      const order = await recurringOrder(await recurringCart(monthly), {
        startsAt: inFuture(365 * 86_400_000),
      });
      const read = await data(
        api,
        `query ($key: String, $id: String, $where: String) {
          recurrencePolicy(key: $key) { id key name(locale: "en") schedule { type day value intervalUnit } }
          recurringOrder(id: $id) { id recurringOrderState nextOrderAt schedule { type day } cartRef { id } }
          recurringOrders(where: $where) { total }
        }`,
        { key: monthly.key, id: order.id, where: `id = "${order.id}"` },
      );
      expect(read.recurrencePolicy).toEqual({
        id: monthly.id,
        key: monthly.key,
        name: 'Daily',
        schedule: { type: 'dayOfMonth', day: 3, value: null, intervalUnit: null },
      });
      expect(read.recurringOrder).toEqual({
        id: order.id,
        recurringOrderState: 'Active',
        nextOrderAt: order.nextOrderAt,
        schedule: { type: 'dayOfMonth', day: 3 },
        cartRef: { id: order.cart.id },
      });
      expect(read.recurringOrders.total).toBe(1);
    });
  });

  describe('the scheduler', () => {
    let replica: ChildProcess | undefined;

    afterAll(async () => {
      if (replica && replica.exitCode === null) {
        const exited = once(replica, 'exit');
        replica.kill('SIGTERM');
        await exited;
      }
    });

    /**
     * In the distributed run a second checkout-service process joins (the same NATS and database): two
     * replicas run the scheduler at once. The all-in-one run has one process (docs/CHECKOUT.md).
     */
    async function secondReplica(): Promise<void> {
      const { databaseUrl, mode } = await platform();
      if (mode !== 'distributed') return;
      const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
      replica = spawn(process.execPath, [path.join(root, 'apps/checkout-service/dist/main.js')], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          HEALTH_PORT: '0',
          LOG_LEVEL: 'error',
          RECURRING_ORDER_TICK_MS: process.env.RECURRING_ORDER_TICK_MS ?? '200',
          RECURRING_ORDER_DAY_MS: String(DAY_MS),
        },
        stdio: 'ignore',
      });
    }

    it('orders from the cart on schedule, once per due time, keeping lastOrderAt and nextOrderAt', async () => {
      await secondReplica();
      const daily = await policy();
      const cart = await recurringCart(daily);
      const recurring = await recurringOrder(cart);
      const ordersOf = async () =>
        (
          await api
            .orders()
            .get({
              queryArgs: {
                where: `recurringOrder(id = "${recurring.id}")`,
                sort: 'createdAt asc',
                limit: 50,
              },
            })
            .execute()
        ).body.results;
      const two = await eventually(
        async () => {
          const found = await ordersOf();
          return found.length >= 2 ? found : undefined;
        },
        20 * DAY_MS + 60_000,
      );
      const current = (await api.recurringOrders().withId({ ID: recurring.id }).get().execute()).body;
      await update(current, { action: 'setRecurringOrderState', recurringOrderState: { type: 'paused' } });
      const orders: Order[] = await ordersOf();
      expect(orders.length).toBeGreaterThanOrEqual(two.length);
      // One order per due time: due times are a schedule day apart, so no two orders are close together.
      for (let i = 1; i < orders.length; i++) {
        const gap = Date.parse(orders[i].createdAt) - Date.parse(orders[i - 1].createdAt);
        expect(gap).toBeGreaterThan(DAY_MS / 2);
      }
      for (const order of orders) {
        expect(order).toMatchObject({
          recurringOrder: { typeId: 'recurring-order', id: recurring.id },
          origin: 'RecurringOrder',
          totalPrice: cart.totalPrice,
          shippingAddress,
        });
        expect(order.cart?.id).not.toBe(recurring.cart.id);
        const [created] = await messagesOf(api, order.id, 1);
        expect(created).toMatchObject({
          type: 'OrderCreatedFromRecurringOrder',
          recurringOrderRef: { typeId: 'recurring-order', id: recurring.id },
        });
      }
      const paused = (await api.recurringOrders().withId({ ID: recurring.id }).get().execute()).body;
      expect(Date.parse(paused.lastOrderAt!)).toBeGreaterThanOrEqual(
        Date.parse(orders.at(-1)!.createdAt) - 1000,
      );
      expect(Date.parse(paused.nextOrderAt!)).toBeGreaterThan(Date.parse(paused.lastOrderAt!));
      // Paused: no more orders come.
      await new Promise((resolve) => setTimeout(resolve, 2 * DAY_MS));
      expect((await ordersOf()).length).toBe(orders.length);
    }, 180_000);

    it('skips as many due times as the counter says', async () => {
      const daily = await policy();
      const recurring = await recurringOrder(await recurringCart(daily), { startsAt: inFuture(DAY_MS) });
      await update(recurring, {
        action: 'setOrderSkipConfiguration',
        skipConfigurationInputDraft: { type: 'Counter', totalToSkip: 1 },
      });
      const skipped = await eventually(
        async () => {
          const { body } = await api.recurringOrders().withId({ ID: recurring.id }).get().execute();
          return body.skipConfiguration?.skipped === 1 ? body : undefined;
        },
        10 * DAY_MS + 30_000,
      );
      expect(skipped.skipConfiguration).toMatchObject({ totalToSkip: 1, skipped: 1 });
      expect(skipped.skipConfiguration?.lastSkippedAt).toBeDefined();
      expect(skipped).not.toHaveProperty('lastOrderAt');
      const ordered = await eventually(
        async () => {
          const { body } = await api.recurringOrders().withId({ ID: recurring.id }).get().execute();
          return body.lastOrderAt ? body : undefined;
        },
        10 * DAY_MS + 30_000,
      );
      await update(ordered, { action: 'setRecurringOrderState', recurringOrderState: { type: 'canceled' } });
    }, 120_000);
  });
});
