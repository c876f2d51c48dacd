import Fastify from 'fastify';
import { pino } from 'pino';
import { setUpFastify } from './fastify-setup.js';

describe(setUpFastify.name, () => {
  it('gives every request a deadline of its arrival plus the request timeout', async () => {
    const fastify = Fastify({ return503OnClosing: false });
    await setUpFastify(fastify, pino({ level: 'silent' }), { requestTimeoutMs: 4_000 });
    fastify.get('/deadline', async (request) => ({ left: request.deadline - Date.now() }));
    const before = Date.now();
    const response = await fastify.inject({ method: 'GET', url: '/deadline' });
    const { left } = response.json<{ left: number }>();
    expect(left).toBeGreaterThan(4_000 - (Date.now() - before) - 1);
    expect(left).toBeLessThanOrEqual(4_000);
    await fastify.close();
  });
});
