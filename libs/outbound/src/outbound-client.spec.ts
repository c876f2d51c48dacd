import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundClient } from './outbound-client.js';
import { OutboundError } from './outbound-error.js';
import { safeLookup, type Resolver } from './safe-lookup.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

async function server(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const srv = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      srv.closeAllConnections();
      srv.close();
      await once(srv, 'close');
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Resolves every name to the given address, the way a hostile DNS answer would. */
const resolvingTo =
  (address: string, family: 4 | 6 = 4): Resolver =>
  async () => [{ address, family }];

describe(OutboundClient.name, () => {
  let clients: OutboundClient[] = [];
  const client = (allowPrivate: boolean, resolver?: Resolver) => {
    const created = new OutboundClient({ allowPrivate }, resolver);
    clients.push(created);
    return created;
  };
  afterEach(() => {
    for (const created of clients) created.close();
    clients = [];
  });

  it('posts a form with the given headers and returns the answer', async () => {
    const seen: Array<{ body: string; headers: http.IncomingHttpHeaders }> = [];
    const srv = await server((request, body, response) => {
      seen.push({ body, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end('{"active":true}');
    });
    try {
      const answer = await client(true).postForm(
        `${srv.url}/introspect`,
        { token: 'a b+c' },
        { headers: { authorization: 'Basic abc' }, timeoutMs: 2_000 },
      );
      expect(answer).toMatchObject({ status: 200, body: '{"active":true}' });
      expect(seen[0].body).toBe('token=a+b%2Bc');
      expect(seen[0].headers).toMatchObject({
        authorization: 'Basic abc',
        'content-type': 'application/x-www-form-urlencoded',
      });
    } finally {
      await srv.close();
    }
  });

  it('refuses a loopback server unless private addresses are allowed', async () => {
    const srv = await server((_request, _body, response) => response.end('ok'));
    try {
      const error = await failure(client(false).request(srv.url, { method: 'GET', timeoutMs: 2_000 }));
      expect(error.reason).toBe('refused');
    } finally {
      await srv.close();
    }
  });

  it('checks the resolved address at connect time: a public-looking name resolving to loopback is refused', async () => {
    const error = await failure(
      client(false, resolvingTo('127.0.0.1')).request('https://introspect.example.test/x', {
        method: 'POST',
        timeoutMs: 2_000,
      }),
    );
    expect(error.reason).toBe('refused');
    expect(error.message).toContain('127.0.0.1');
  });

  it.each([
    ['10.0.0.7', 4],
    ['169.254.169.254', 4],
    ['::ffff:127.0.0.1', 6],
    ['fd00::1', 6],
  ] as const)('refuses a name resolving to %s', async (address, family) => {
    const error = await failure(
      client(false, resolvingTo(address, family)).request('https://a.example.test/', {
        method: 'GET',
        timeoutMs: 2_000,
      }),
    );
    expect(error.reason).toBe('refused');
  });

  it('uses its own resolver for host names', async () => {
    const srv = await server((_request, _body, response) => response.end('via name'));
    try {
      const port = new URL(srv.url).port;
      const answer = await client(true, resolvingTo('127.0.0.1')).request(
        `http://name.example.test:${port}/`,
        {
          method: 'GET',
          timeoutMs: 2_000,
        },
      );
      expect(answer.body).toBe('via name');
    } finally {
      await srv.close();
    }
  });

  it('does not follow redirects', async () => {
    const srv = await server((_request, _body, response) => {
      response.statusCode = 302;
      response.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
      response.end();
    });
    try {
      const answer = await client(true).request(srv.url, { method: 'GET', timeoutMs: 2_000 });
      expect(answer.status).toBe(302);
    } finally {
      await srv.close();
    }
  });

  it('gives up after the deadline, the whole call included', async () => {
    let abandoned!: () => void;
    const closed = new Promise<void>((resolve) => (abandoned = resolve));
    const srv = await server((_request, _body, response) => {
      response.setHeader('content-type', 'application/json');
      response.write('{"active":');
      // The rest never comes: only the client's deadline can end the call, after the headers arrived.
      response.on('close', abandoned);
    });
    try {
      const error = await failure(client(true).request(srv.url, { method: 'GET', timeoutMs: 300 }));
      expect(error.reason).toBe('timeout');
      await closed; // and the client let go of the connection
    } finally {
      await srv.close();
    }
  });

  it('refuses an answer larger than the limit', async () => {
    const srv = await server((_request, _body, response) => response.end('x'.repeat(10_000)));
    try {
      const error = await failure(
        client(true).request(srv.url, { method: 'GET', timeoutMs: 2_000, maxResponseBytes: 1_000 }),
      );
      expect(error.reason).toBe('response');
    } finally {
      await srv.close();
    }
  });

  it('reports a refused connection as a network failure', async () => {
    const srv = await server((_request, _body, response) => response.end());
    const url = srv.url;
    await srv.close();
    const error = await failure(client(true).request(url, { method: 'GET', timeoutMs: 2_000 }));
    expect(error.reason).toBe('network');
  });
});

describe(safeLookup.name, () => {
  it('answers in both callback forms and refuses if any resolved address is forbidden', async () => {
    const lookup = safeLookup({ allowPrivate: false }, async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ]);
    const error = await new Promise<unknown>((resolve) => lookup('mixed.test', { all: true }, resolve));
    expect(error).toBeInstanceOf(OutboundError);
    const publicOnly = safeLookup({ allowPrivate: false }, async () => [{ address: '8.8.8.8', family: 4 }]);
    const single = await new Promise<unknown[]>((resolve) =>
      publicOnly('ok.test', {}, (...args) => resolve(args)),
    );
    expect(single).toEqual([null, '8.8.8.8', 4]);
    const all = await new Promise<unknown[]>((resolve) =>
      publicOnly('ok.test', { all: true }, (...args) => resolve(args)),
    );
    expect(all).toEqual([null, [{ address: '8.8.8.8', family: 4 }], undefined]);
  });
});
