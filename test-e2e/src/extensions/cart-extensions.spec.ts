import type { Extension, ExtensionDraft } from '@commercetools/platform-sdk';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure } from '../checkout/checkout-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

type Api = Awaited<ReturnType<typeof sdk>>;

interface Call {
  path: string;
  input: { action: string; resource: { typeId: string; id: string; obj: Record<string, unknown> } };
}

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
let server: http.Server;
let base: string;
const calls: Call[] = [];
const created: Extension[] = [];

beforeAll(async () => {
  api = await sdk();
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      calls.push({ path, input: JSON.parse(body) as Call['input'] });
      if (path === '/slow') {
        request.socket.once('close', () => response.destroy());
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(path === '/fee' ? ADD_FEE : { actions: [] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const extension of created) {
    const { body } = await api.extensions().withId({ ID: extension.id }).get().execute();
    await api
      .extensions()
      .withId({ ID: extension.id })
      .delete({ queryArgs: { version: body.version } })
      .execute();
  }
  server.closeAllConnections();
  server.close();
});

async function extension(draft: ExtensionDraft): Promise<Extension> {
  const { body } = await api.extensions().post({ body: draft }).execute();
  created.push(body);
  return body;
}

const onlyKey = (key: string) => `key is defined and key = "${key}"`;
const callsFor = (path: string, key: string) =>
  calls.filter((call) => call.path === path && call.input.resource.obj.key === key);

const cartDraft = (key: string) => ({ currency: 'EUR', key, country: 'DE', taxMode: 'Disabled' as const });

describe('calling extensions inside a cart write', () => {
  it('adds the custom line item an extension returns on create, in the same write', async () => {
    const key = uniqueKey('cart');
    await extension({
      destination: { type: 'HTTP', url: `${base}/fee` },
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: onlyKey(key) }],
    });
    const { body: cart } = await api.carts().post({ body: cartDraft(key) }).execute();
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
      triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: `${onlyKey(key)} and country = "US"` }],
    });
    const { body: cart } = await api.carts().post({ body: cartDraft(key) }).execute();
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
    const refused = await failure(api.carts().post({ body: cartDraft(key) }).execute());
    expect(refused).toMatchObject({ statusCode: 504, code: 'ExtensionNoResponse' });
    expect(callsFor('/slow', key)).toHaveLength(1);
    const { body: page } = await api
      .carts()
      .get({ queryArgs: { where: `key = "${key}"` } })
      .execute();
    expect(page.results).toEqual([]);
  });
});
