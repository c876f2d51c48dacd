import { Readiness } from '@commerce/service-kit';
import net from 'node:net';
import { loadGatewayConfig } from '../config.js';
import { ProbeServer } from './probe-server.js';

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

/** Polls until the port answers (the server listens asynchronously); never a fixed sleep. */
async function get(url: string): Promise<{ status: number; body: unknown }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      const response = await fetch(url);
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe(ProbeServer.name, () => {
  it('answers /health and /ready with every dependency by name on the probe port', async () => {
    const port = await freePort();
    const config = loadGatewayConfig({ HEALTH_PORT: String(port), HOST: '127.0.0.1', PORT: '0' });
    let failing = false;
    const readiness = new Readiness([
      { name: 'database:gateway', check: async () => undefined },
      {
        name: 'nats:api-gateway',
        check: () => (failing ? Promise.reject(new Error('connection refused')) : Promise.resolve()),
      },
    ]);
    const server = new ProbeServer(readiness, config);
    server.onApplicationBootstrap();
    try {
      expect(await get(`http://127.0.0.1:${port}/health`)).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(`http://127.0.0.1:${port}/ready`)).toEqual({
        status: 200,
        body: { status: 'ok', checks: { 'database:gateway': 'ok', 'nats:api-gateway': 'ok' } },
      });
      failing = true;
      expect(await get(`http://127.0.0.1:${port}/ready`)).toEqual({
        status: 503,
        body: {
          status: 'unavailable',
          checks: { 'database:gateway': 'ok', 'nats:api-gateway': 'connection refused' },
        },
      });
      expect((await get(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      await server.onApplicationShutdown();
    }
  });

  it('opens no port when HEALTH_PORT is 0 or the API port', async () => {
    for (const env of [{ HEALTH_PORT: '0' }, { HEALTH_PORT: '18080', PORT: '18080' }]) {
      const server = new ProbeServer(new Readiness([]), loadGatewayConfig(env));
      server.onApplicationBootstrap();
      expect((server as unknown as { server?: unknown }).server).toBeUndefined();
      await server.onApplicationShutdown();
    }
  });
});
