import { once } from 'node:events';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { uniqueKey } from '../support/factories.js';
import { http as request, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

export interface Client {
  id: string;
  secret: string;
  scope: string;
}

/** Raw HTTP on the test project's paths with the admin token. */
export async function admin(method: string, path: string, body?: unknown): Promise<HttpResponse> {
  const { projectKey } = await platform();
  return request(method, `/${projectKey}${path}`, { token: await adminToken(), body });
}

/** A new API client of the test project with these scopes (`{pk}` is replaced by the project key). */
export async function createClient(scopes: string[], extra: Record<string, unknown> = {}): Promise<Client> {
  const { projectKey } = await platform();
  const scope = scopes.map((scope) => scope.replaceAll('{pk}', projectKey)).join(' ');
  const response = await admin('POST', '/api-clients', { name: uniqueKey('client'), scope, ...extra });
  if (response.status !== 201) throw new Error(`creating a client failed: ${JSON.stringify(response.body)}`);
  return { id: response.body.id, secret: response.body.secret, scope };
}

/** A token request at an `/oauth/...` path with a client's Basic credentials. */
export function oauth(client: Client, path: string, form: Record<string, string>) {
  return request('POST', path, { basic: { id: client.id, secret: client.secret }, form });
}

export async function clientToken(client: Client, scope?: string): Promise<string> {
  const response = await oauth(client, '/oauth/token', {
    grant_type: 'client_credentials',
    ...(scope ? { scope } : {}),
  });
  if (response.status !== 200) throw new Error(`token request failed: ${JSON.stringify(response.body)}`);
  return String(response.body.access_token);
}

export function customerDraft(overrides: Record<string, unknown> = {}) {
  return {
    email: `${uniqueKey('customer')}@example.com`,
    password: `pw-${randomUUID()}`,
    firstName: 'Test',
    ...overrides,
  } as { email: string; password: string; [field: string]: unknown };
}

export async function createCustomer(draft = customerDraft(), storeKey?: string) {
  const path = storeKey ? `/in-store/key=${storeKey}/customers` : '/customers';
  const response = await admin('POST', path, draft);
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  return { ...draft, id: response.body.customer.id as string, customer: response.body.customer };
}

export async function createStore(): Promise<string> {
  const key = uniqueKey('store');
  const response = await admin('POST', '/stores', { key, name: { en: key } });
  if (response.status !== 201) throw new Error(`store create failed: ${JSON.stringify(response.body)}`);
  return key;
}

/** A customer token through the password flow (`storeKey` for the in-store flow). */
export async function passwordGrant(client: Client, email: string, password: string, storeKey?: string) {
  const { projectKey } = await platform();
  const path = storeKey
    ? `/oauth/${projectKey}/in-store/key=${storeKey}/customers/token`
    : `/oauth/${projectKey}/customers/token`;
  return oauth(client, path, { grant_type: 'password', username: email, password });
}

export async function revoke(client: Client, token: string, hint?: string) {
  return oauth(client, '/oauth/token/revoke', { token, ...(hint ? { token_type_hint: hint } : {}) });
}

/** Polls until `check` returns true or the deadline passes; never a fixed sleep. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local stand-in for a project's external OAuth introspection endpoint. */
export async function introspectionServer(
  answer: (request: SeenRequest, response: ServerResponse) => void,
): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      const entry = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      seen.push(entry);
      answer(entry, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/introspect`,
    seen,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export function json(response: ServerResponse, body: unknown, status = 200): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}
