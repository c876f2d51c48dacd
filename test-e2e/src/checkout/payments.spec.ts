import type { Payment, State, Type, TypeDraft } from '@commercetools/platform-sdk';
import { createClient, clientToken } from '../auth/auth-helpers.js';
import { failure, sdkWithToken } from '../customers/customer-helpers.js';
import { typeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import {
  anonymousApi,
  customerApi,
  messagesOf,
  storefrontClient,
  updatePayment,
  type Api,
} from './checkout-sdk.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

describe('Payments', () => {
  let api: Api;
  let type: Type;

  beforeAll(async () => {
    api = await sdk();
    type = (
      await api
        .types()
        .post({
          body: typeDraft([
            'payment',
            'transaction',
            'payment-method-info',
            'payment-interface-interaction',
          ]) as TypeDraft,
        })
        .execute()
    ).body;
  });

  async function newPayment(extra: Record<string, unknown> = {}): Promise<Payment> {
    const { statusCode, body } = await api
      .payments()
      .post({ body: { amountPlanned: eur(1000), ...extra } })
      .execute();
    expect(statusCode).toBe(201);
    return body;
  }

  async function paymentState(key: string, transitions?: string[]): Promise<State> {
    const { body } = await api
      .states()
      .post({
        body: {
          key,
          type: 'PaymentState',
          ...(transitions
            ? { transitions: transitions.map((k) => ({ typeId: 'state' as const, key: k })) }
            : {}),
        },
      })
      .execute();
    return body;
  }

  it('creates a payment from its draft: cent amounts, transactions with ids starting Initial, PaymentCreated', async () => {
    const key = uniqueKey('payment');
    const payment = await newPayment({
      key,
      interfaceId: 'psp-1',
      amountPlanned: eur(4200),
      paymentMethodInfo: {
        paymentInterface: 'psp',
        method: 'card',
        name: { en: 'Card' },
        token: { value: 'tok' },
        custom: { type: { typeId: 'type', key: type.key }, fields: { note: 'vip' } },
      },
      paymentStatus: { interfaceCode: '20000', interfaceText: 'ok' },
      transactions: [
        { type: 'Authorization', amount: eur(4200), interactionId: 'i-1' },
        { type: 'Charge', amount: eur(4200), state: 'Success', timestamp: '2026-01-01T10:00:00.000Z' },
      ],
      interfaceInteractions: [{ type: { typeId: 'type', key: type.key }, fields: { note: 'hello' } }],
      custom: { type: { typeId: 'type', key: type.key }, fields: { rank: 3 } },
    });
    expect(payment).toMatchObject({
      key,
      version: 1,
      interfaceId: 'psp-1',
      amountPlanned: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 4200, fractionDigits: 2 },
      paymentMethodInfo: {
        paymentInterface: 'psp',
        method: 'card',
        name: { en: 'Card' },
        token: { value: 'tok' },
        custom: { type: { typeId: 'type', id: type.id }, fields: { note: 'vip' } },
      },
      paymentStatus: { interfaceCode: '20000', interfaceText: 'ok' },
      interfaceInteractions: [{ type: { typeId: 'type', id: type.id }, fields: { note: 'hello' } }],
      custom: { type: { typeId: 'type', id: type.id }, fields: { rank: 3 } },
    });
    expect(payment.transactions).toHaveLength(2);
    expect(payment.transactions[0]).toMatchObject({
      type: 'Authorization',
      state: 'Initial',
      interactionId: 'i-1',
    });
    expect(payment.transactions[1]).toMatchObject({ type: 'Charge', state: 'Success' });
    expect(payment.transactions[0].id).not.toBe(payment.transactions[1].id);

    const byKey = await api.payments().withKey({ key }).get().execute();
    expect(byKey.body.id).toBe(payment.id);
    const page = await api
      .payments()
      .get({ queryArgs: { where: `key = "${key}" and transactions(type = "Charge")` } })
      .execute();
    expect(page.body.results.map((p) => p.id)).toEqual([payment.id]);
    const [created] = await messagesOf(api, payment.id, 1);
    expect(created).toMatchObject({ type: 'PaymentCreated', payment: { id: payment.id } });
  });

  it('applies every update action with its Messages', async () => {
    let payment = await newPayment({ transactions: [{ type: 'Authorization', amount: eur(1000) }] });
    const [authorization] = payment.transactions;
    payment = await updatePayment(
      api,
      payment,
      { action: 'changeAmountPlanned', amount: eur(1500) },
      { action: 'addTransaction', transaction: { type: 'Charge', amount: eur(1500) } },
      { action: 'changeTransactionState', transactionId: authorization.id, state: 'Success' },
      {
        action: 'changeTransactionTimestamp',
        transactionId: authorization.id,
        timestamp: '2026-02-02T00:00:00.000Z',
      },
      { action: 'changeTransactionInteractionId', transactionId: authorization.id, interactionId: 'i-9' },
      { action: 'setTransactionInterfaceId', transactionId: authorization.id, interfaceId: 'tx-1' },
      {
        action: 'setTransactionCustomType',
        transactionId: authorization.id,
        type: { typeId: 'type', key: type.key },
      },
      { action: 'setTransactionCustomField', transactionId: authorization.id, name: 'note', value: 'x' },
      { action: 'addInterfaceInteraction', type: { typeId: 'type', key: type.key }, fields: { rank: 1 } },
      { action: 'setStatusInterfaceCode', interfaceCode: 'A1' },
      { action: 'setStatusInterfaceText', interfaceText: 'accepted' },
      { action: 'setInterfaceId', interfaceId: 'psp-2' },
      { action: 'setKey', key: uniqueKey('pay') },
      { action: 'setAnonymousId', anonymousId: 'anon-x' },
      { action: 'setMethodInfoInterface', interface: 'psp' },
      { action: 'setMethodInfoMethod', method: 'paypal' },
      { action: 'setMethodInfoName', name: { en: 'PayPal' } },
      { action: 'setMethodInfoToken', token: { value: 't-2' } },
      { action: 'setMethodInfoInterfaceAccount', interfaceAccount: 'acc-1' },
      { action: 'setMethodInfoCustomType', type: { typeId: 'type', key: type.key } },
      { action: 'setMethodInfoCustomField', name: 'note', value: 'm' },
      { action: 'setCustomType', type: { typeId: 'type', key: type.key }, fields: { note: 'p' } },
      { action: 'setCustomField', name: 'rank', value: 7 },
    );
    expect(payment.version).toBe(2);
    expect(payment).toMatchObject({
      amountPlanned: { centAmount: 1500 },
      interfaceId: 'psp-2',
      anonymousId: 'anon-x',
      paymentStatus: { interfaceCode: 'A1', interfaceText: 'accepted' },
      paymentMethodInfo: {
        paymentInterface: 'psp',
        method: 'paypal',
        name: { en: 'PayPal' },
        token: { value: 't-2' },
        interfaceAccount: 'acc-1',
        custom: { fields: { note: 'm' } },
      },
      interfaceInteractions: [{ fields: { rank: 1 } }],
      custom: { fields: { note: 'p', rank: 7 } },
    });
    expect(payment.transactions[0]).toMatchObject({
      state: 'Success',
      timestamp: '2026-02-02T00:00:00.000Z',
      interactionId: 'i-9',
      interfaceId: 'tx-1',
      custom: { fields: { note: 'x' } },
    });
    expect(payment.transactions[1]).toMatchObject({ type: 'Charge', state: 'Initial' });

    const types = (await messagesOf(api, payment.id, 14)).map((m) => m.type);
    expect(types).toEqual([
      'PaymentCreated',
      'PaymentTransactionAdded',
      'PaymentTransactionStateChanged',
      'PaymentTransactionInterfaceIdSet',
      'PaymentInteractionAdded',
      'PaymentStatusInterfaceCodeSet',
      'PaymentInterfaceIdSet',
      'PaymentMethodInfoInterfaceSet',
      'PaymentMethodInfoMethodSet',
      'PaymentMethodInfoNameSet',
      'PaymentMethodInfoTokenSet',
      'PaymentMethodInfoInterfaceAccountSet',
      'PaymentMethodInfoCustomTypeSet',
      'PaymentMethodInfoCustomFieldAdded',
    ]);

    const customer = (
      await api
        .customers()
        .post({ body: { email: `${uniqueKey('c')}@example.com`, password: 'secret-123' } })
        .execute()
    ).body.customer;
    payment = await updatePayment(
      api,
      payment,
      { action: 'setCustomer', customer: { typeId: 'customer', id: customer.id } },
      { action: 'setAnonymousId' },
      { action: 'setMethodInfo', method: 'invoice' },
      { action: 'setKey' },
    );
    expect(payment.customer).toEqual({ typeId: 'customer', id: customer.id });
    expect(payment.anonymousId).toBeUndefined();
    expect(payment.key).toBeUndefined();
    expect(payment.paymentMethodInfo).toEqual({ method: 'invoice' });
  });

  it('refuses bad input with the API codes and writes nothing', async () => {
    const payment = await newPayment();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ action: 'changeTransactionState', transactionId: 'nope', state: 'Success' }, 400, 'InvalidInput'],
      [{ action: 'addTransaction', transaction: { type: 'Gift', amount: eur(1) } }, 400, 'InvalidJsonInput'],
      [
        { action: 'setCustomer', customer: { typeId: 'customer', id: 'missing' } },
        400,
        'ReferencedResourceNotFound',
      ],
      [{ action: 'setCustomField', name: 'note', value: 'x' }, 400, 'InvalidOperation'],
      [
        { action: 'transitionState', state: { typeId: 'state', key: 'missing-state' } },
        400,
        'ReferencedResourceNotFound',
      ],
    ];
    for (const [action, status, code] of cases) {
      const { statusCode, error } = await failure(
        api
          .payments()
          .withId({ ID: payment.id })
          .post({ body: { version: payment.version, actions: [action as never] } })
          .execute(),
      );
      expect([statusCode, error.code]).toEqual([status, code]);
    }
    const stale = await failure(
      api
        .payments()
        .withId({ ID: payment.id })
        .post({ body: { version: 9, actions: [{ action: 'setKey', key: 'abc' }] } })
        .execute(),
    );
    expect(stale).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: 1 },
    });
    const draft = await failure(
      api
        .payments()
        .post({ body: { amountPlanned: { currencyCode: 'euro', centAmount: 1 } } })
        .execute(),
    );
    expect(draft).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
    expect((await api.payments().withId({ ID: payment.id }).get().execute()).body.version).toBe(1);
  });

  it('transitionState follows the States transitions unless forced (PaymentStatusStateTransition)', async () => {
    const paid = await paymentState(uniqueKey('paid'), []);
    const pending = await paymentState(uniqueKey('pending'), [paid.key]);
    const refunded = await paymentState(uniqueKey('refunded'));
    const productState = (
      await api
        .states()
        .post({ body: { key: uniqueKey('ps'), type: 'ProductState' } })
        .execute()
    ).body;
    let payment = await newPayment({ paymentStatus: { state: { typeId: 'state', key: pending.key } } });
    expect(payment.paymentStatus.state).toEqual({ typeId: 'state', id: pending.id });

    const notAllowed = await failure(
      api
        .payments()
        .withId({ ID: payment.id })
        .post({
          body: {
            version: payment.version,
            actions: [{ action: 'transitionState', state: { typeId: 'state', key: refunded.key } }],
          },
        })
        .execute(),
    );
    expect(notAllowed).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
    const wrongType = await failure(
      api
        .payments()
        .withId({ ID: payment.id })
        .post({
          body: {
            version: payment.version,
            actions: [{ action: 'transitionState', state: { typeId: 'state', key: productState.key } }],
          },
        })
        .execute(),
    );
    expect(wrongType).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });

    payment = await updatePayment(api, payment, {
      action: 'transitionState',
      state: { typeId: 'state', key: paid.key },
    });
    expect(payment.paymentStatus.state?.id).toBe(paid.id);
    payment = await updatePayment(api, payment, {
      action: 'transitionState',
      state: { typeId: 'state', key: refunded.key },
      force: true,
    });
    expect(payment.paymentStatus.state?.id).toBe(refunded.id);
    const transitions = (await messagesOf(api, payment.id, 3)).filter(
      (m) => m.type === 'PaymentStatusStateTransition',
    );
    expect(transitions).toMatchObject([
      { state: { typeId: 'state', id: paid.id }, force: false },
      { state: { typeId: 'state', id: refunded.id }, force: true },
    ]);
  });

  it('deletes by id and key with a version, also with dataErasure', async () => {
    const first = await newPayment({ key: uniqueKey('del') });
    const stale = await failure(
      api
        .payments()
        .withId({ ID: first.id })
        .delete({ queryArgs: { version: 5 } })
        .execute(),
    );
    expect(stale).toMatchObject({ statusCode: 409, error: { code: 'ConcurrentModification' } });
    const deleted = await api
      .payments()
      .withKey({ key: first.key! })
      .delete({ queryArgs: { version: 1, dataErasure: true } })
      .execute();
    expect(deleted.body.id).toBe(first.id);
    const gone = await failure(api.payments().withId({ ID: first.id }).get().execute());
    expect(gone).toMatchObject({ statusCode: 404, error: { code: 'ResourceNotFound' } });
  });

  it('checks the payment scopes: view_payments reads, manage_payments writes', async () => {
    const payment = await newPayment();
    const client = await createClient(['view_payments:{pk}']);
    const viewer = await sdkWithToken(await clientToken(client));
    expect((await viewer.payments().withId({ ID: payment.id }).get().execute()).body.id).toBe(payment.id);
    const refused = await failure(
      viewer
        .payments()
        .post({ body: { amountPlanned: eur(1) } })
        .execute(),
    );
    expect(refused.statusCode).toBe(403);
    const orders = await sdkWithToken(await clientToken(await createClient(['view_orders:{pk}'])));
    expect((await failure(orders.payments().get().execute())).statusCode).toBe(403);
  });

  describe('/me/payments', () => {
    it('a customer creates, reads, changes and deletes only their own payments', async () => {
      const client = await storefrontClient();
      const alice = await customerApi(client);
      const bob = await customerApi(client);
      const { statusCode, body: mine } = await alice.api
        .me()
        .payments()
        .post({
          body: {
            amountPlanned: eur(2500),
            paymentMethodInfo: { paymentInterface: 'psp', method: 'card' },
            custom: { type: { typeId: 'type', key: type.key }, fields: { note: 'mine' } },
          },
        })
        .execute();
      expect(statusCode).toBe(201);
      expect(mine.customer).toEqual({ typeId: 'customer', id: alice.customerId });
      const theirs = (
        await bob.api
          .me()
          .payments()
          .post({ body: { amountPlanned: eur(1) } })
          .execute()
      ).body;

      const list = await alice.api.me().payments().get().execute();
      expect(list.body.results.map((p) => p.id)).toEqual([mine.id]);
      expect((await alice.api.me().payments().withId({ ID: mine.id }).get().execute()).body.id).toBe(mine.id);
      const foreign = await failure(alice.api.me().payments().withId({ ID: theirs.id }).get().execute());
      expect(foreign).toMatchObject({ statusCode: 404, error: { code: 'ResourceNotFound' } });
      // HEAD answers the same question without a body: 200 for one's own, 404 for another's.
      const payments = alice.api.me().payments();
      expect((await payments.withId({ ID: mine.id }).head().execute()).statusCode).toBe(200);
      await expect(payments.withId({ ID: theirs.id }).head().execute()).rejects.toMatchObject({
        statusCode: 404,
      });
      const where = (id: string) => ({ queryArgs: { where: `id = "${id}"` } });
      expect((await payments.head(where(mine.id)).execute()).statusCode).toBe(200);
      await expect(payments.head(where(theirs.id)).execute()).rejects.toMatchObject({ statusCode: 404 });
      const foreignUpdate = await failure(
        alice.api
          .me()
          .payments()
          .withId({ ID: theirs.id })
          .post({ body: { version: 1, actions: [{ action: 'changeAmountPlanned', amount: eur(2) }] } })
          .execute(),
      );
      expect(foreignUpdate.statusCode).toBe(404);
      // Through the project's routes the customer token has no scope.
      expect((await failure(alice.api.payments().withId({ ID: mine.id }).get().execute())).statusCode).toBe(
        403,
      );

      const changed = (
        await alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .post({
            body: {
              version: mine.version,
              actions: [
                { action: 'changeAmountPlanned', amount: eur(3000) },
                { action: 'setMethodInfoMethod', method: 'paypal' },
                { action: 'setMethodInfoName', name: { en: 'PayPal' } },
                { action: 'setMethodInfoInterfaceAccount', interfaceAccount: 'a' },
                { action: 'setMethodInfoInterface', interface: 'psp-2' },
                { action: 'setMethodInfoCustomType', type: { typeId: 'type', key: type.key } },
                { action: 'setMethodInfoCustomField', name: 'note', value: 'n' },
                { action: 'setCustomField', name: 'rank', value: 1 },
              ],
            },
          })
          .execute()
      ).body;
      expect(changed).toMatchObject({
        amountPlanned: { centAmount: 3000 },
        paymentMethodInfo: { method: 'paypal', paymentInterface: 'psp-2', custom: { fields: { note: 'n' } } },
        custom: { fields: { note: 'mine', rank: 1 } },
      });
      const notMine = await failure(
        alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .post({ body: { version: changed.version, actions: [{ action: 'setKey', key: 'k' } as never] } })
          .execute(),
      );
      expect(notMine).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
      const refund = await failure(
        alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .post({
            body: {
              version: changed.version,
              actions: [{ action: 'addTransaction', transaction: { type: 'Refund', amount: eur(1) } }],
            },
          })
          .execute(),
      );
      expect(refund).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });

      const withTransaction = (
        await alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .post({
            body: {
              version: changed.version,
              actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: eur(3000) } }],
            },
          })
          .execute()
      ).body;
      expect(withTransaction.transactions).toMatchObject([{ type: 'Charge', state: 'Initial' }]);
      const frozen = await failure(
        alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .post({
            body: {
              version: withTransaction.version,
              actions: [{ action: 'changeAmountPlanned', amount: eur(1) }],
            },
          })
          .execute(),
      );
      expect(frozen).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
      const undeletable = await failure(
        alice.api
          .me()
          .payments()
          .withId({ ID: mine.id })
          .delete({ queryArgs: { version: withTransaction.version } })
          .execute(),
      );
      expect(undeletable).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });

      const second = (
        await alice.api
          .me()
          .payments()
          .post({ body: { amountPlanned: eur(5) } })
          .execute()
      ).body;
      const removed = await alice.api
        .me()
        .payments()
        .withId({ ID: second.id })
        .delete({ queryArgs: { version: 1 } })
        .execute();
      expect(removed.body.id).toBe(second.id);
    });

    it('takes one Authorization or Charge in the draft; an anonymous session owns its payments', async () => {
      const client = await storefrontClient();
      const anonymous = await anonymousApi(client);
      const payment = (
        await anonymous.api
          .me()
          .payments()
          .post({
            body: { amountPlanned: eur(700), transaction: { type: 'Authorization', amount: eur(700) } },
          })
          .execute()
      ).body;
      expect(payment).toMatchObject({
        anonymousId: anonymous.anonymousId,
        transactions: [{ type: 'Authorization', state: 'Initial', amount: { centAmount: 700 } }],
      });
      expect(payment.customer).toBeUndefined();
      expect((await anonymous.api.me().payments().get().execute()).body.results.map((p) => p.id)).toEqual([
        payment.id,
      ]);
      const refund = await failure(
        anonymous.api
          .me()
          .payments()
          .post({
            body: { amountPlanned: eur(1), transaction: { type: 'Refund' as 'Charge', amount: eur(1) } },
          })
          .execute(),
      );
      expect(refund).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
      const other = await anonymousApi(client);
      expect(
        (await failure(other.api.me().payments().withId({ ID: payment.id }).get().execute())).statusCode,
      ).toBe(404);
    });
  });
});
