import type { Store, StoreUpdateAction } from '@commercetools/platform-sdk';
import { messagesOf } from '../catalog/catalog-helpers.js';
import { api } from '../support/api.js';
import { storeDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

const urls = {
  checkoutUrlTemplate: 'https://shop.example.com/checkout/{checkoutId}',
  orderUrlTemplate: 'https://shop.example.com/orders{/orderId}{?lang}',
  termsOfServiceUrl: 'https://shop.example.com/terms',
  privacyPolicyUrl: 'https://shop.example.com/privacy',
  refundPolicyUrl: 'https://shop.example.com/refunds',
  shippingPolicyUrl: 'https://shop.example.com/shipping',
  cookiePolicyUrl: 'https://shop.example.com/cookies',
  imprintUrl: 'https://shop.example.com/imprint',
  faqUrl: 'https://shop.example.com/faq',
  contactUrl: 'https://shop.example.com/contact',
};
type Field = keyof typeof urls;
const actionOf = (field: Field) => `set${field[0].toUpperCase()}${field.slice(1)}`;

async function updateStore(store: Pick<Store, 'id' | 'version'>, ...actions: StoreUpdateAction[]) {
  const client = await sdk();
  const { body } = await client
    .stores()
    .withId({ ID: store.id })
    .post({ body: { version: store.version, actions } })
    .execute();
  return body;
}

describe("a Store's storefront", () => {
  it('is set field by field through the SDK, each with its Message, and removed by an absent or empty value', async () => {
    const store = await api.create<Store>('stores', storeDraft());
    const fields = Object.keys(urls) as Field[];
    const actions = fields.map(
      (field) => ({ action: actionOf(field), [field]: urls[field] }) as StoreUpdateAction,
    );
    const updated = await updateStore(store, ...actions);
    expect(updated.storefront).toEqual(urls);
    const messages = await messagesOf(store.id, 1 + fields.length);
    expect(messages.slice(1).map(({ type }) => type)).toEqual(
      fields.map((field) => `Store${field[0].toUpperCase()}${field.slice(1)}Set`),
    );
    expect(messages[1]).toMatchObject({ checkoutUrlTemplate: urls.checkoutUrlTemplate });

    const cleared = await updateStore(
      updated,
      ...fields.map(
        (field, index) =>
          ({ action: actionOf(field), ...(index % 2 ? { [field]: '' } : {}) }) as StoreUpdateAction,
      ),
    );
    expect(cleared).not.toHaveProperty('storefront');
    const last = await messagesOf(store.id, 1 + 2 * fields.length);
    expect(last.at(-1)).toEqual(expect.not.objectContaining({ contactUrl: expect.anything() }));
    expect(last.at(-1)?.type).toBe('StoreContactUrlSet');
  });

  it('comes with the draft, and is queryable', async () => {
    const draft = storeDraft({ storefront: { faqUrl: urls.faqUrl, contactUrl: '' } });
    const store = await api.create<Store>('stores', draft);
    expect(store.storefront).toEqual({ faqUrl: urls.faqUrl });
    const where = encodeURIComponent(`key = "${draft.key}" and storefront(faqUrl = "${urls.faqUrl}")`);
    const found = await api.get(`stores?where=${where}`);
    expect(found.body.results.map(({ id }: Store) => id)).toEqual([store.id]);
  });

  it.each([
    [{ action: 'setFaqUrl', faqUrl: 'http://shop.example.com/faq' }, 'faqUrl must be an absolute https URL'],
    [{ action: 'setContactUrl', contactUrl: 'contact' }, 'contactUrl must be an absolute https URL'],
    [{ action: 'setCheckoutUrlTemplate', checkoutUrlTemplate: 'https://e.com/c/{orderId}' }, "'checkoutId'"],
    [{ action: 'setOrderUrlTemplate', orderUrlTemplate: 'https://e.com/o/{orderId' }, "'orderId'"],
  ])('refuses %j', async (action, fragment) => {
    const store = await api.create<Store>('stores', storeDraft());
    const response = await api.post(`stores/${store.id}`, { version: store.version, actions: [action] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.stringContaining(fragment),
    });
  });
});
