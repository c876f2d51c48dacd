import Fastify from 'fastify';
import { setUpCors } from './cors.js';

async function preflight(origins: string, origin: string) {
  const fastify = Fastify();
  await setUpCors(fastify, origins);
  fastify.get('/p/stores', async () => ({}));
  const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
  try {
    const response = await fetch(`${address}/p/stores`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    return { statusCode: response.status, origin: response.headers.get('access-control-allow-origin') };
  } finally {
    await fastify.close();
  }
}

describe(setUpCors.name, () => {
  it('allows any origin with *', async () => {
    const response = await preflight('*', 'https://anywhere.example');
    expect(response.statusCode).toBe(204);
    expect(response.origin).toBe('*');
  });

  it('allows only the configured origins otherwise', async () => {
    const origins = 'https://shop.example,http://localhost:3000';
    expect((await preflight(origins, 'http://localhost:3000')).origin).toBe('http://localhost:3000');
    expect((await preflight(origins, 'https://evil.example')).origin).toBeNull();
  });
});
