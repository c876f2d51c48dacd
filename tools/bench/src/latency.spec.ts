import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sequentialLatency } from './latency.js';

describe(sequentialLatency.name, () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ path?: string; authorization?: string; socket: number }> = [];
  const sockets = new Map<unknown, number>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
      seen.push({
        path: req.url,
        authorization: req.headers.authorization,
        socket: sockets.get(req.socket)!,
      });
      res.statusCode = req.url === '/denied' ? 401 : 200;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => (seen.length = 0));

  it('sends warm-up and recorded requests one after the other on one kept-alive connection', async () => {
    const result = await sequentialLatency('read', `${url}/r`, { authorization: 'Bearer t' }, 30, 5);
    expect(result).toMatchObject({ label: 'read', requests: 30 });
    expect(seen).toHaveLength(35);
    expect(new Set(seen.map((s) => s.socket)).size).toBe(1);
    expect(seen.every((s) => s.path === '/r' && s.authorization === 'Bearer t')).toBe(true);
    expect(result.p50Ms).toBeGreaterThan(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('refuses to time an answer that is not a success', async () => {
    await expect(sequentialLatency('denied', `${url}/denied`, {}, 3, 0)).rejects.toThrow(
      'denied: ' + `${url}/denied answered 401`,
    );
  });
});
