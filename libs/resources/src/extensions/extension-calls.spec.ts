import type { RequestContext, TriggeredExtension } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { OutboundClient } from '@commerce/outbound';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExtensionCalls } from './extension-calls.js';

const ctx = { projectKey: 'p' } as RequestContext;
let server: http.Server;
let base: string;
const received: Array<{ url: string; body: unknown; authorization?: string }> = [];
const answers: Record<string, { status: number; body: string }> = {
  '/ok': { status: 200, body: JSON.stringify({ actions: [{ action: 'setKey', key: 'k2' }] }) },
  '/empty': { status: 200, body: '' },
  '/refuse': { status: 400, body: JSON.stringify({ errors: [{ code: 'OwnCode', message: 'nope' }] }) },
  '/weird': { status: 418, body: 'teapot' },
  '/redirect': { status: 302, body: '' },
  '/many': {
    status: 200,
    body: JSON.stringify({ actions: Array.from({ length: 101 }, () => ({ action: 'x' })) }),
  },
};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ url, body: JSON.parse(body), authorization: request.headers.authorization });
      if (url === '/slow') return; // never answers
      const answer = answers[url];
      response.writeHead(answer.status, url === '/redirect' ? { location: `${base}/ok` } : {});
      response.end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function extension(path: string, overrides: Partial<TriggeredExtension> = {}): TriggeredExtension {
  return {
    id: `ext${path}`,
    destination: {
      type: 'HTTP',
      url: `${base}${path}`,
      authentication: { type: 'AuthorizationHeader', headerValue: 'Bearer s' },
    },
    triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
    timeoutInMs: 1000,
    ...overrides,
  };
}

function calls(extensions: TriggeredExtension[], allowPrivate = true) {
  return new ExtensionCalls({ get: () => Promise.resolve(extensions) }, new OutboundClient({ allowPrivate }));
}

async function error(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (caught) {
    if (caught instanceof ApiError) return caught;
    throw caught;
  }
  throw new Error('no error');
}

const cart = { id: 'c1', key: 'k1', country: 'DE' };

describe('ExtensionCalls', () => {
  it('posts the ExtensionInput with the header and returns the actions', async () => {
    const result = await calls([extension('/ok')]).call(ctx, 'cart', 'Create', cart);
    expect(result).toEqual({ actions: [{ action: 'setKey', key: 'k2' }], from: [{ extensionId: 'ext/ok' }] });
    expect(received.at(-1)).toEqual({
      url: '/ok',
      authorization: 'Bearer s',
      body: { action: 'Create', resource: { typeId: 'cart', id: 'c1', obj: cart } },
    });
  });

  it('sends oldResource on an update only to an extension that asks for it', async () => {
    const update = { resourceTypeId: 'cart' as const, actions: ['Update' as const] };
    const asks = extension('/empty', { triggers: [update], includeOldResource: true });
    const before = { ...cart, country: 'FR' };
    await calls([asks]).call(ctx, 'cart', 'Update', cart, before);
    expect(received.at(-1)?.body).toMatchObject({
      oldResource: { typeId: 'cart', id: 'c1', obj: { country: 'FR' } },
    });
    await calls([{ ...asks, includeOldResource: false }]).call(ctx, 'cart', 'Update', cart, cart);
    expect(received.at(-1)?.body).not.toHaveProperty('oldResource');
  });

  it('calls nothing for another type, another action or a false condition', async () => {
    const before = received.length;
    const only = [
      extension('/ok', {
        triggers: [{ resourceTypeId: 'cart', actions: ['Update'], condition: 'country = "FR"' }],
      }),
    ];
    expect((await calls(only).call(ctx, 'cart', 'Update', cart)).actions).toEqual([]);
    expect((await calls([extension('/ok')]).call(ctx, 'cart', 'Update', cart)).actions).toEqual([]);
    expect((await calls([extension('/ok')]).call(ctx, 'order', 'Create', cart)).actions).toEqual([]);
    expect(received.length).toBe(before);
  });

  it('an empty 200 is no actions', async () => {
    expect((await calls([extension('/empty')]).call(ctx, 'cart', 'Create', cart)).actions).toEqual([]);
  });

  it("passes the extension's 400 errors through with its id", async () => {
    const refused = await error(
      calls([extension('/refuse', { key: 'ek' })]).call(ctx, 'cart', 'Create', cart),
    );
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([
      {
        code: 'OwnCode',
        message: 'nope',
        extensionExtraInfo: undefined,
        extensionId: 'ext/refuse',
        extensionKey: 'ek',
      },
    ]);
    expect(ApiError.fromWire(refused.toWire()).errors[0].code).toBe('OwnCode');
  });

  it('answers ExtensionBadResponse for other statuses and a redirect (never followed)', async () => {
    const weird = await error(calls([extension('/weird')]).call(ctx, 'cart', 'Create', cart));
    expect(weird.errors[0]).toMatchObject({
      code: 'ExtensionBadResponse',
      extensionStatusCode: 418,
      extensionBody: 'teapot',
    });
    const before = received.length;
    const redirect = await error(calls([extension('/redirect')]).call(ctx, 'cart', 'Create', cart));
    expect(redirect.errors[0]).toMatchObject({ code: 'ExtensionBadResponse', extensionStatusCode: 302 });
    expect(received.slice(before).map((call) => call.url)).toEqual(['/redirect']);
  });

  it('answers ExtensionNoResponse after the timeout', async () => {
    const slow = await error(
      calls([extension('/slow', { timeoutInMs: 100 })]).call(ctx, 'cart', 'Create', cart),
    );
    expect(slow.errors[0]).toMatchObject({ code: 'ExtensionNoResponse', extensionId: 'ext/slow' });
    expect(slow.status).toBe(504);
  });

  it('refuses more than 100 returned actions', async () => {
    const many = await error(calls([extension('/many')]).call(ctx, 'cart', 'Create', cart));
    expect(many.errors[0].code).toBe('ExtensionUpdateActionsFailed');
  });

  it('refuses a loopback destination without OUTBOUND_ALLOW_PRIVATE (checked at connect time)', async () => {
    const before = received.length;
    const refused = await error(calls([extension('/ok')], false).call(ctx, 'cart', 'Create', cart));
    expect(refused.errors[0].code).toBe('ExtensionBadResponse');
    expect(received.length).toBe(before);
  });

  it('fails with ExtensionPredicateEvaluationFailed when a compared field is missing', async () => {
    const missing = [
      extension('/ok', {
        key: 'k',
        triggers: [
          { resourceTypeId: 'cart', actions: ['Create'], condition: 'shippingAddress(country = "DE")' },
        ],
      }),
    ];
    const failed = await error(calls(missing).call(ctx, 'cart', 'Create', cart));
    expect(failed.errors[0]).toMatchObject({
      code: 'ExtensionPredicateEvaluationFailed',
      errorByExtension: { id: 'ext/ok', key: 'k' },
    });
  });
});
