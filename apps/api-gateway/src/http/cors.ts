import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for browser applications: origins from `CORS_ORIGINS` (`*` by default, as the live API allows; tokens
 * travel in the Authorization header, never in cookies, so no credentials mode), the request headers the
 * API reads, and `X-Correlation-ID` readable by the page. Every OPTIONS request is a preflight, answered 204
 * before authentication.
 */
export function corsOptions(origins: string): FastifyCorsOptions {
  return {
    origin: origins === '*' ? '*' : origins.split(','),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Correlation-ID', 'X-External-User-ID'],
    exposedHeaders: ['X-Correlation-ID'],
    maxAge: 600,
    // Not strict: the plugin would answer a bare OPTIONS with a plain-text 400, outside the API's error body.
    strictPreflight: false,
  };
}

export async function setUpCors(fastify: FastifyInstance, origins: string): Promise<void> {
  await fastify.register(cors, corsOptions(origins));
}
