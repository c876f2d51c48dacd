import type { Extension, ExtensionDraft } from '@commercetools/platform-sdk';
import { failure } from '../checkout/checkout-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { extensionReceiver, onlyKey, type ExtensionReceiver } from './extension-receiver.js';

type Api = Awaited<ReturnType<typeof sdk>>;

/** A cart extension that adds a custom line item (a packaging fee), answering at once; and one that never answers. */
const ADD_FEE = {
  actions: [
    {
      action: 'addCustomLineItem',
      name: { en: 'Packaging fee' },
      money: { currencyCode: 'EUR', centAmount: 199 },
      slug: 'packaging-fee',
      quantity: 1,
    },
  ],
};

let api: Api;
let receiver: ExtensionReceiver;
let base: string;

beforeAll(async () => {
  api = await sdk();
  receiver = await extensionReceiver(api, {
    '/fee': { status: 200, body: ADD_FEE },
    '/slow': { status: 200, body: { actions: [] }, slow: true },
  });
  ({ base } = receiver);
});

afterAll(() => receiver.close());

const extension = (draft: ExtensionDraft): Promise<Extension> => receiver.extension(draft);
const callsFor = (path: string, key: string) => receiver.callsTo(path, key);

const cartDraft = (key: string) => ({ currency: 'EUR', key, country: 'DE', taxMode: 'Disabled' as const });

describe('calling extensions inside a cart write', () => {
  it('adds the custom line item an extension returns on create, in the same write', async () => {
    const key = uniqueKey('cart');
    await extension({
      destination: { type: 'HTTP', url: `${base}/fee` },
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: onlyKey(key) }],
    });
    const { body: cart } = await api
      .carts()
      .post({ body: cartDraft(key) })
      .execute();
    expect(cart).toMatchObject({ key, version: 1, totalPrice: { currencyCode: 'EUR', centAmount: 199 } });
    expect(cart.customLineItems.map((item) => [item.slug, item.name.en, item.money.centAmount])).toEqual([
      ['packaging-fee', 'Packaging fee', 199],
    ]);
    const [call] = callsFor('/fee', key);
    expect(call.input).toMatchObject({ action: 'Create', resource: { typeId: 'cart', id: cart.id } });
    expect(call.input.resource.obj.customLineItems).toEqual([]);
    const { body: stored } = await api.carts().withId({ ID: cart.id }).get().execute();
    expect(stored.customLineItems).toHaveLength(1);
    // An update is not a Create: the trigger does not fire, the fee is not added twice.
    const { body: updated } = await api
      .carts()
      .withId({ ID: cart.id })
      .post({ body: { version: stored.version, actions: [{ action: 'setCountry', country: 'DE' }] } })
      .execute();
    expect(updated.customLineItems).toHaveLength(1);
    expect(callsFor('/fee', key)).toHaveLength(1);
  });

  it('skips the call when the condition is false', async () => {
    const key = uniqueKey('cart');
    await extension({
      destination: { type: 'HTTP', url: `${base}/fee` },
      triggers: [
        { resourceTypeId: 'cart', actions: ['Create'], condition: `${onlyKey(key)} and country = "US"` },
      ],
    });
    const { body: cart } = await api
      .carts()
      .post({ body: cartDraft(key) })
      .execute();
    expect(cart.customLineItems).toEqual([]);
    expect(callsFor('/fee', key)).toEqual([]);
  });

  it('fails with ExtensionNoResponse when the extension does not answer in time, and writes no cart', async () => {
    const key = uniqueKey('cart');
    await extension({
      destination: { type: 'HTTP', url: `${base}/slow` },
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: onlyKey(key) }],
      timeoutInMs: 300,
    });
    const refused = await failure(
      api
        .carts()
        .post({ body: cartDraft(key) })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 504, code: 'ExtensionNoResponse' });
    expect(callsFor('/slow', key)).toHaveLength(1);
    const { body: page } = await api
      .carts()
      .get({ queryArgs: { where: `key = "${key}"` } })
      .execute();
    expect(page.results).toEqual([]);
  });
});
