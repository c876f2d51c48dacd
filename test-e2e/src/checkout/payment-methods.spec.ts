import type { PaymentMethod, PaymentMethodUpdateAction } from '@commercetools/platform-sdk';
import { createCustomer } from '../auth/auth-helpers.js';
import { failure } from '../customers/customer-helpers.js';
import { data } from '../graphql/graphql-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { messagesOf, type Api } from './checkout-sdk.js';

describe('Payment methods (beta)', () => {
  let api: Api;

  beforeAll(async () => {
    api = await sdk();
  });

  async function update(method: PaymentMethod, ...actions: PaymentMethodUpdateAction[]) {
    return (
      await api
        .paymentMethods()
        .withId({ ID: method.id })
        .post({ body: { version: method.version, actions } })
        .execute()
    ).body;
  }

  it('creates a customer payment method with its token, defaults and PaymentMethodCreated', async () => {
    const customer = await createCustomer();
    const key = uniqueKey('pm');
    const { statusCode, body } = await api
      .paymentMethods()
      .post({
        body: {
          key,
          name: { en: 'Visa ending 4242' },
          customer: { typeId: 'customer', id: customer.id },
          method: 'card',
          paymentInterface: 'psp',
          interfaceAccount: 'acc-1',
          token: { value: 'tok_123' },
        },
      })
      .execute();
    expect(statusCode).toBe(201);
    expect(body).toMatchObject({
      key,
      version: 1,
      customer: { typeId: 'customer', id: customer.id },
      token: { value: 'tok_123' },
      paymentMethodStatus: 'Active',
      default: false,
    });
    expect((await api.paymentMethods().withKey({ key }).get().execute()).body.id).toBe(body.id);
    const [created] = await messagesOf(api, body.id, 1);
    expect(created).toMatchObject({ type: 'PaymentMethodCreated', paymentMethod: { id: body.id } });
  });

  it('applies every update action with its Message, and deletes with PaymentMethodDeleted', async () => {
    let method = (await api.paymentMethods().post({ body: {} }).execute()).body;
    const type = (
      await api
        .types()
        .post({
          body: {
            key: uniqueKey('pm-type'),
            name: { en: 'pm' },
            resourceTypeIds: ['payment-method'],
            fieldDefinitions: [
              {
                name: 'brand',
                label: { en: 'brand' },
                required: false,
                type: { name: 'String' },
                inputHint: 'SingleLine',
              },
            ],
          },
        })
        .execute()
    ).body;
    const key = uniqueKey('pm');
    method = await update(
      method,
      { action: 'setKey', key },
      { action: 'setName', name: { en: 'Card' } },
      { action: 'setMethod', method: 'card' },
      { action: 'setPaymentInterface', paymentInterface: 'psp' },
      { action: 'setInterfaceAccount', interfaceAccount: 'acc' },
      { action: 'setDefault', default: true },
      { action: 'setPaymentMethodStatus', paymentMethodStatus: 'Inactive' },
      { action: 'setCustomType', type: { typeId: 'type', id: type.id }, fields: { brand: 'visa' } },
      { action: 'setCustomField', name: 'brand', value: 'amex' },
    );
    expect(method).toMatchObject({
      key,
      name: { en: 'Card' },
      method: 'card',
      paymentInterface: 'psp',
      interfaceAccount: 'acc',
      default: true,
      paymentMethodStatus: 'Inactive',
      custom: { fields: { brand: 'amex' } },
    });
    const messages = await messagesOf(api, method.id, 10);
    expect(messages.map((m) => m.type)).toEqual([
      'PaymentMethodCreated',
      'PaymentMethodKeySet',
      'PaymentMethodNameSet',
      'PaymentMethodMethodSet',
      'PaymentMethodPaymentInterfaceSet',
      'PaymentMethodInterfaceAccountSet',
      'PaymentMethodDefaultSet',
      'PaymentMethodPaymentMethodStatusSet',
      'PaymentMethodCustomTypeSet',
      'PaymentMethodCustomFieldChanged',
    ]);
    expect(messages[6]).toMatchObject({ default: true, oldDefault: false });
    expect(messages[7]).toMatchObject({ status: 'Inactive', oldStatus: 'Active' });
    expect(messages[9]).toMatchObject({ name: 'brand', value: 'amex', oldValue: 'visa' });

    method = await update(method, { action: 'setMethod' }, { action: 'setCustomType' });
    expect(method).not.toHaveProperty('method');
    expect(method).not.toHaveProperty('custom');
    const deleted = await api
      .paymentMethods()
      .withId({ ID: method.id })
      .delete({ queryArgs: { version: method.version } })
      .execute();
    expect(deleted.body.id).toBe(method.id);
    const last = await messagesOf(api, method.id, 13);
    expect(last.map((m) => m.type).slice(-3)).toEqual([
      'PaymentMethodMethodSet',
      'PaymentMethodCustomTypeRemoved',
      'PaymentMethodDeleted',
    ]);
  });

  it('keeps one default per customer: a new default clears the old one; an inactive one cannot be it', async () => {
    const [customer, other] = await Promise.all([createCustomer(), createCustomer()]);
    const create = async (customerId: string, extra: Record<string, unknown> = {}) =>
      (
        await api
          .paymentMethods()
          .post({ body: { customer: { typeId: 'customer', id: customerId }, method: 'card', ...extra } })
          .execute()
      ).body;
    const read = async (method: PaymentMethod) =>
      (await api.paymentMethods().withId({ ID: method.id }).get().execute()).body;
    const first = await create(customer.id, { default: true });
    const elsewhere = await create(other.id, { default: true });
    const second = await create(customer.id, { default: true });
    expect(await read(first)).toMatchObject({ default: false, version: first.version + 1 });
    const [, cleared] = await messagesOf(api, first.id, 2);
    expect(cleared).toMatchObject({ type: 'PaymentMethodDefaultSet', default: false, oldDefault: true });
    const third = await create(customer.id);
    await update(third, { action: 'setDefault', default: true });
    expect(await read(second)).toMatchObject({ default: false });
    expect(await read(third)).toMatchObject({ default: true });
    expect(await read(elsewhere)).toMatchObject({ default: true, version: 1 });
    const { results } = (
      await api
        .paymentMethods()
        .get({ queryArgs: { where: `customer(id = "${customer.id}") and default = true` } })
        .execute()
    ).body;
    expect(results.map((method) => method.id)).toEqual([third.id]);

    const inactive = await create(customer.id, { paymentMethodStatus: 'Inactive' });
    const refused = await failure(
      api
        .paymentMethods()
        .withId({ ID: inactive.id })
        .post({ body: { version: inactive.version, actions: [{ action: 'setDefault', default: true }] } })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
    const inactiveDraft = await failure(
      api
        .paymentMethods()
        .post({
          body: {
            customer: { typeId: 'customer', id: customer.id },
            paymentMethodStatus: 'Inactive',
            default: true,
          },
        })
        .execute(),
    );
    expect(inactiveDraft).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
    expect(await read(third)).toMatchObject({ default: true });
  });

  it('reads through GraphQL with the fields its shape declares', async () => {
    const method = (
      await api
        .paymentMethods()
        .post({ body: { key: uniqueKey('pm'), token: { value: 'tok_gql' }, default: true } })
        .execute()
    ).body;
    const read = await data(
      api,
      `query ($key: String) { paymentMethod(key: $key) { id paymentMethodStatus default token { value } } }`,
      { key: method.key },
    );
    expect(read.paymentMethod).toEqual({
      id: method.id,
      paymentMethodStatus: 'Active',
      default: true,
      token: { value: 'tok_gql' },
    });
  });

  it('creates, updates and deletes through GraphQL, with the REST rules (one default per customer)', async () => {
    const customer = await createCustomer();
    const key = uniqueKey('pm');
    const fields = 'id version key method default paymentMethodStatus token { value } customer { id }';
    const created = await data(
      api,
      `mutation ($draft: PaymentMethodDraft!) { createPaymentMethod(draft: $draft) { ${fields} } }`,
      {
        draft: {
          key,
          method: 'card',
          token: { value: 'tok_gql_w' },
          default: true,
          customer: { typeId: 'customer', id: customer.id },
        },
      },
    );
    expect(created.createPaymentMethod).toMatchObject({
      key,
      version: 1,
      method: 'card',
      default: true,
      paymentMethodStatus: 'Active',
      token: { value: 'tok_gql_w' },
      customer: { id: customer.id },
    });
    const second = (
      await api
        .paymentMethods()
        .post({ body: { customer: { typeId: 'customer', id: customer.id }, method: 'sepa' } })
        .execute()
    ).body;
    const updated = await data(
      api,
      `mutation ($id: String, $version: Long!, $actions: [PaymentMethodUpdateAction!]!) {
        updatePaymentMethod(id: $id, version: $version, actions: $actions) { ${fields} } }`,
      {
        id: second.id,
        version: second.version,
        actions: [{ setMethod: { method: 'sepa-dd' } }, { setDefault: { default: true } }],
      },
    );
    expect(updated.updatePaymentMethod).toMatchObject({ method: 'sepa-dd', default: true, version: 2 });
    const first = (await api.paymentMethods().withKey({ key }).get().execute()).body;
    expect(first).toMatchObject({ default: false, version: 2 });
    const deleted = await data(
      api,
      `mutation ($key: String, $version: Long!) { deletePaymentMethod(key: $key, version: $version) { id } }`,
      { key, version: first.version },
    );
    expect(deleted.deletePaymentMethod).toEqual({ id: first.id });
    expect(await failure(api.paymentMethods().withKey({ key }).get().execute())).toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses bad input, unknown references, stale versions and other scopes', async () => {
    const status = await failure(
      api
        .paymentMethods()
        .post({ body: { paymentMethodStatus: 'Gone' } })
        .execute(),
    );
    expect(status).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });
    const customer = await failure(
      api
        .paymentMethods()
        .post({ body: { customer: { typeId: 'customer', id: 'nobody' } } })
        .execute(),
    );
    expect(customer).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    const method = (await api.paymentMethods().post({ body: {} }).execute()).body;
    const stale = await failure(
      api
        .paymentMethods()
        .withId({ ID: method.id })
        .post({ body: { version: 7, actions: [{ action: 'setDefault', default: true }] } })
        .execute(),
    );
    expect(stale).toMatchObject({ statusCode: 409, error: { code: 'ConcurrentModification' } });
    const { projectKey } = await platform();
    const payments = await sdk([`manage_payments:${projectKey}`]);
    expect((await failure(payments.paymentMethods().get().execute())).statusCode).toBe(403);
    const viewer = await sdk([`view_payment_methods:${projectKey}`]);
    expect((await viewer.paymentMethods().withId({ ID: method.id }).get().execute()).body.id).toBe(method.id);
    expect((await failure(viewer.paymentMethods().post({ body: {} }).execute())).statusCode).toBe(403);
    expect((await failure(api.paymentMethods().withId({ ID: 'missing' }).get().execute())).statusCode).toBe(
      404,
    );
  });
});
