import formBody from '@fastify/formbody';
import { Errors } from '@commerce/errors';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { registerImageBodyParser } from '../images/image-body-parser.js';
import { blockedRequest } from './blocked-requests.js';
import { correlationIdOf, externalUserIdError, newCorrelationId } from './correlation-id.js';
import { sendApiError } from './http-error.filter.js';
import { jsonTextProblem } from './json-limits.js';

declare module 'fastify' {
  interface FastifyRequest {
    correlationId: string;
    /** When the gateway stops waiting for the services (epoch ms); passed on as `RequestContext.deadline`. */
    deadline: number;
  }
}

export interface FastifySetupOptions {
  /** How long a request may wait for the services: its deadline is its arrival plus this. */
  requestTimeoutMs: number;
}

export const BODY_LIMIT = 16 * 1024 * 1024;

/**
 * HTTP behaviour outside Nest's handlers: correlation ids, deadlines, blocked requests, the answer while closing,
 * and body parsers that accept the SDK's `Content-Type: application/json` on bodiless requests and answer
 * malformed JSON, and JSON nested too deep or with too long arrays (json-limits.ts), with the API's error.
 */
export async function setUpFastify(
  fastify: FastifyInstance,
  logger: Logger,
  options: FastifySetupOptions,
): Promise<void> {
  let closing = false;
  // Closing stops accepting connections and lets the requests in flight finish (Fastify's close); a request
  // that still arrives on an open connection gets the API's error body, and the connection is closed.
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  // Every field a hook or the guard sets is declared up front: requests keep one shape (V8's inline caches).
  fastify.decorateRequest('correlationId', '');
  fastify.decorateRequest('deadline', 0);
  fastify.decorateRequest('principal', undefined);
  // Callback hooks, not async ones: the hot path makes no promise it does not need.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.deadline = Date.now() + options.requestTimeoutMs;
    const correlationId = correlationIdOf(request.headers['x-correlation-id']);
    request.correlationId = typeof correlationId === 'string' ? correlationId : newCorrelationId();
    void reply.header('X-Correlation-ID', request.correlationId);
    const { method, headers, raw } = request;
    const blocked =
      blockedRequest({ method, headers, httpVersionMajor: raw.httpVersionMajor }) ??
      (typeof correlationId === 'string' ? undefined : correlationId) ??
      externalUserIdError(headers['x-external-user-id']);
    // The connection is not reused: what follows a refused request on it is not trusted. A hook that answers
    // does not call `done`: nothing else runs for the request.
    if (blocked) return void sendApiError(request, reply.header('Connection', 'close'), blocked);
    if (closing) {
      const unavailable = Errors.serviceUnavailable('The gateway is shutting down; retry the request.');
      return void sendApiError(request, reply.header('Connection', 'close'), unavailable);
    }
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (logger.isLevelEnabled('info')) {
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
    }
    done();
  });

  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      // Depth and array length first: hostile shapes never reach JSON.parse or the validators.
      const problem = jsonTextProblem(text);
      if (problem) return done(Errors.invalidJsonInput(problem), undefined);
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(Errors.invalidJsonInput(error instanceof Error ? error.message : 'Malformed JSON.'), undefined);
      }
    },
  );
  registerImageBodyParser(fastify);
  // Parser and framework errors reach Nest's exception layer, and so HttpErrorFilter: one error path.
  await fastify.register(formBody, { bodyLimit: 64 * 1024 });
}
