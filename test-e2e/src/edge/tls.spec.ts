import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { platform } from '../support/platform.js';

/**
 * The gateway terminating TLS itself (TLS_CERT_FILE/TLS_KEY_FILE, a certificate made here with openssl):
 * HTTPS on PORT with TLS 1.2 and 1.3 only, and a plain-HTTP port (HTTP_PORT) answering 404 with HTML.
 * Without the files (the suite's own platform) it speaks plain HTTP for an ingress that terminates TLS.
 */
let dir: string;
let ca: Buffer;
let secure: LaunchedPlatform;
let httpsPort: number;
let httpPort: number;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(url: string, options: https.RequestOptions & { body?: string } = {}): Promise<Answer> {
  const { body, ...rest } = options;
  const send = url.startsWith('https:') ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, { ca, agent: false, ...rest }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function handshake(version: tls.SecureVersion): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca,
        minVersion: version,
        maxVersion: version,
        // Lets this client offer the old protocol at all, so the refusal is the server's.
        ciphers: 'DEFAULT@SECLEVEL=0',
      },
      () => {
        resolve(socket.getProtocol() ?? 'unknown');
        socket.end();
      },
    );
    socket.on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-tls-e2e-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  ca = await readFile(path.join(dir, 'cert.pem'));
  httpPort = await freePort();
  // All-in-one with an embedded database of its own, whatever the suite's topology.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TLS_CERT_FILE: path.join(dir, 'cert.pem'),
    TLS_KEY_FILE: path.join(dir, 'key.pem'),
    HTTP_PORT: String(httpPort),
  };
  delete env.NATS_URL;
  delete env.DATABASE_URL;
  delete env.E2E_LOG_FILE;
  secure = await launchPlatform(env);
  httpsPort = Number(new URL(secure.apiUrl).port);
}, 120_000);

afterAll(async () => {
  await secure?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('TLS terminated by the gateway', () => {
  it('serves the API and the token endpoint over HTTPS', async () => {
    const basic = Buffer.from(`${secure.clientId}:${secure.clientSecret}`).toString('base64');
    const token = await request(`https://localhost:${httpsPort}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const stores = await request(`https://localhost:${httpsPort}/${secure.projectKey}/stores`, {
      headers: { authorization: `Bearer ${JSON.parse(token.body).access_token}` },
    });
    expect(stores.status).toBe(200);
    expect(JSON.parse(stores.body)).toMatchObject({ offset: 0, results: [] });
  });

  it('answers plain HTTP on the HTTP port with 404 and an HTML body, for any method and path', async () => {
    for (const [method, pathname] of [
      ['GET', `/${secure.projectKey}/stores`],
      ['POST', '/oauth/token'],
      ['GET', '/'],
    ]) {
      const answer = await request(`http://127.0.0.1:${httpPort}${pathname}`, {
        method,
        headers: { authorization: 'Bearer sent-in-the-clear' },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toMatch(/^<!DOCTYPE html>/);
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('speaks no plain HTTP on the HTTPS port', async () => {
    const outcome = await request(`http://127.0.0.1:${httpsPort}/health`).then(
      (answer) => `HTTP ${answer.status}`,
      (error: Error) => `failed: ${error.message}`,
    );
    expect(outcome).toMatch(/^failed: /);
  });

  it.each(['TLSv1', 'TLSv1.1'] as const)(
    'refuses a %s client with a protocol-version alert',
    async (version) => {
      expect(await handshake(version)).toBe('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION');
    },
  );

  it.each(['TLSv1.2', 'TLSv1.3'] as const)('accepts a %s client', async (version) => {
    expect(await handshake(version)).toBe(version);
  });
});

describe('without TLS files (TLS ends at the ingress)', () => {
  it('speaks plain HTTP on PORT', async () => {
    const { apiUrl } = await platform();
    expect(apiUrl).toMatch(/^http:\/\//);
    const answer = await request(`${apiUrl}/health`);
    expect(answer.status).toBe(200);
  });
});
