import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createStore } from '../auth/auth-helpers.js';
import { api, eventually } from '../support/api.js';
import { http as request, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { describeResponse, isErrorBody } from './support/routes.js';

/** A TCP listener on loopback that counts the connections it gets: an outbound call must never reach it. */
async function canary() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local server that answers every request with a redirect to `location`. */
async function redirector(location: string) {
  const server = http.createServer((_, response) => {
    response.writeHead(302, { location }).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The hostile URLs: other spellings of loopback, the cloud metadata address, names of loopback, a redirect. */
function vectors(port: number, redirectPort: number): Array<[string, string]> {
  return [
    ['decimal IPv4 2130706433', `https://2130706433:${port}/x`],
    ['hex and short IPv4 0x7f.1', `https://0x7f.1:${port}/x`],
    ['short IPv4 127.1', `https://127.1:${port}/x`],
    ['IPv4-mapped IPv6 [::ffff:127.0.0.1]', `https://[::ffff:127.0.0.1]:${port}/x`],
    ['IPv6 loopback [::1]', `https://[::1]:${port}/x`],
    ['0.0.0.0', `https://0.0.0.0:${port}/x`],
    ['cloud metadata 169.254.169.254', 'https://169.254.169.254/latest/meta-data/'],
    ['http://localhost', `http://localhost:${port}/x`],
    ['https://localhost', `https://localhost:${port}/x`],
    ['localhost. (trailing dot)', `https://localhost.:${port}/x`],
    ['127.0.0.1. (trailing dot)', `https://127.0.0.1.:${port}/x`],
    ['a sub-domain of localhost', `https://api.localhost:${port}/x`],
    ['credentials in the URL', `https://user:pass@127.0.0.1:${port}/x`],
    ['a redirect to 127.0.0.1', `https://127.0.0.1:${redirectPort}/redirect`],
    ['plain http to a public name', 'http://example.com/x'],
  ];
}

const refusedAtConfiguration = (response: HttpResponse) =>
  response.status === 400 && isErrorBody(response, 'PUT');

/**
 * Every URL a project can configure for the platform to call (the external OAuth introspection URL, the
 * in-store callback URL, an API Extension's HTTP destination, the insights OTLP endpoints and the ActiveGate domain) with each hostile URL: the
 * configuration is refused with 400, or, where a host name passes the first check, the call is refused at
 * connect time; the loopback canary never sees a connection.
 */
describe('API7: server-side request forgery', () => {
  it('never lets a configured URL reach a special address', async () => {
    const ledger = new Ledger('API7');
    const { projectKey, insights } = await platform();
    const token = await adminToken();
    const target = await canary();
    const redirect = await redirector(`http://127.0.0.1:${target.port}/`);
    const storeKey = await createStore();
    const cases = vectors(target.port, redirect.port);

    const projectUpdate = async (actions: object[]) => {
      const project = await api.request('GET', '');
      return api.request('POST', '', { body: { version: project.body.version, actions } });
    };

    for (const [name, url] of cases) {
      await ledger.case(`external OAuth URL: ${name}`, async () => {
        const set = await projectUpdate([
          { action: 'setExternalOAuth', externalOAuth: { url, authorizationHeader: 'Bearer x' } },
        ]);
        if (!refusedAtConfiguration(set)) {
          holds(set.status === 200, describeResponse(set));
          // A token auth-service does not know goes to the external endpoint: it must not connect.
          const probe = await request('GET', `/${projectKey}/stores`, {
            token: randomBytes(24).toString('hex'),
          });
          await projectUpdate([{ action: 'setExternalOAuth' }]);
          holds(probe.status === 401, describeResponse(probe));
        }
        holds(target.connections() === 0, 'the canary got a connection');
      });

      await ledger.case(`in-store callback URL: ${name}`, async () => {
        const put = await request('PUT', `/${projectKey}/in-store-integration`, {
          token,
          body: { tokenRetrievalUrl: url, callbackApiKey: `key-${randomBytes(12).toString('hex')}` },
        });
        if (!refusedAtConfiguration(put)) {
          holds(put.status === 200, describeResponse(put));
          const retrieval = await request('POST', `/${projectKey}/in-store-integration/token-retrievals`, {
            token,
            body: { storeKey, userKey: 'u1' },
          });
          await request('DELETE', `/${projectKey}/in-store-integration`, { token });
          holds(retrieval.status >= 400 && isErrorBody(retrieval, 'POST'), describeResponse(retrieval));
        }
        holds(target.connections() === 0, 'the canary got a connection');
      });

      await ledger.case(`API Extension URL: ${name}`, async () => {
        const key = `ssrf-${randomBytes(6).toString('hex')}`;
        const created = await api.request('POST', 'extensions', {
          body: {
            destination: { type: 'HTTP', url },
            triggers: [
              {
                resourceTypeId: 'customer',
                actions: ['Create'],
                condition: `key is defined and key = "${key}"`,
              },
            ],
            timeoutInMs: 1000,
          },
        });
        if (!refusedAtConfiguration(created)) {
          holds(created.status === 201, describeResponse(created));
          // A customer write that triggers it: the call must be refused at connect time (or fail), never reach loopback.
          const write = await api.request('POST', 'customers', {
            body: { email: `${key}@example.com`, password: 'secret-123', key },
          });
          const { id, version } = created.body as { id: string; version: number };
          await api.request('DELETE', `extensions/${id}?version=${version}`);
          holds(write.status >= 400 && isErrorBody(write, 'POST'), describeResponse(write));
        }
        holds(target.connections() === 0, 'the canary got a connection');
      });

      const host = new URL(url).host;
      const providers: Array<[string, object]> = [
        ['Otlp', { type: 'Otlp', eventTypes: ['Metrics', 'Logs'], endpoint: url }],
        ['OtlpHttp', { type: 'OtlpHttp', eventTypes: ['Metrics', 'Logs'], endpoint: url }],
        [
          'VendorBActiveGate',
          {
            type: 'VendorBActiveGate',
            eventTypes: ['Metrics', 'Logs'],
            activeGateDomain: new URL(url).hostname,
            activeGatePort: Number(new URL(url).port || 443),
            environmentId: 'env-1',
            apiKey: 'ag-secret-key-0001',
          },
        ],
      ];
      for (const [type, provider] of providers) {
        await ledger.case(`insights ${type} endpoint: ${name} (${host})`, async () => {
          const put = await request('PUT', `/${projectKey}/insights-configuration`, {
            token,
            body: { providers: [provider] },
          });
          if (!refusedAtConfiguration(put)) {
            holds(put.status === 200, describeResponse(put));
            // Requests make telemetry; the next export round tries the endpoint and logs its failure.
            const logged = `Insights export of project ${projectKey} to ${type} failed`;
            const before = (await readFile(insights.logFile, 'utf8')).split(logged).length;
            await eventually(async () => {
              await request('GET', `/${projectKey}/stores?limit=1`, { token });
              const now = (await readFile(insights.logFile, 'utf8')).split(logged).length;
              return now > before ? true : undefined;
            }, 20_000);
            await request('DELETE', `/${projectKey}/insights-configuration`, { token });
          }
          holds(target.connections() === 0, 'the canary got a connection');
        });
      }
    }
    await redirect.close();
    await target.close();
    await ledger.finish();
  });
});
