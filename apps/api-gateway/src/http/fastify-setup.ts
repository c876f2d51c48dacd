import formBody from '@fastify/formbody';
import { Errors } from '@commerce/errors';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { correlationIdOf } from './correlation-id.js';
import { toApiError } from './http-error.filter.js';

declare module 'fastify' {
  interface FastifyRequest {
    correlationId: string;
  }
}

export const BODY_LIMIT = 16 * 1024 * 1024;

/**
 * HTTP behaviour outside Nest's handlers: correlation ids, body parsers that accept the SDK's
 * `Content-Type: application/json` on bodiless requests, and the API's error body for parser errors.
 */
export async function setUpFastify(fastify: FastifyInstance, logger: Logger): Promise<void> {
  fastify.decorateRequest('correlationId', '');
  fastify.addHook('onRequest', async (request, reply) => {
    request.correlationId = correlationIdOf(request.headers['x-correlation-id']);
    void reply.header('X-Correlation-ID', request.correlationId);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    logger.info(
      {
        correlationId: request.correlationId,
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(Errors.invalidJsonInput(error instanceof Error ? error.message : 'Malformed JSON.'), undefined);
      }
    },
  );
  await fastify.register(formBody, { bodyLimit: 64 * 1024 });

  fastify.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request, logger);
    void reply.headers(apiError.headers).code(apiError.status).send(apiError.toBody());
  });
}
