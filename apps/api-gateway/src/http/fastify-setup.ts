import formBody from '@fastify/formbody';
import { Errors } from '@commerce/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { registerImageBodyParser } from '../images/image-body-parser.js';
import { blockedRequest } from './blocked-requests.js';
import { correlationIdOf, externalUserIdError, newCorrelationId } from './correlation-id.js';
import { sendApiError, toApiError } from './http-error.filter.js';
import { jsonTextProblem } from './json-limits.js';
import { BODY_LIMIT, FORM_BODY_LIMIT, registerBodyGate } from './media-types.js';

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

/**
 * HTTP behaviour outside Nest's handlers: correlation ids, deadlines, blocked requests, the answer while closing,
 * the media types each route takes (media-types.ts), and body parsers that accept the SDK's
 * `Content-Type: application/json` on bodiless requests and answer malformed JSON, and JSON nested too deep or
 * with too long arrays (json-limits.ts), with the API's error.
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
    const correlationId = identify(request, reply);
    const { method, headers, raw } = request;
    const blocked =
      blockedRequest({ method, headers, httpVersionMajor: raw.httpVersionMajor }) ??
      (typeof correlationId === 'string' ? undefined : correlationId) ??
      externalUserIdError(headers['x-external-user-id']);
    // The connection is not reused: what follows a refused request on it is not trusted. A hook that answers
    // does not call `done`: nothing else runs for the request.
    if (blocked) return void sendApiError(request, reply, blocked, { close: true });
    if (closing) {
      const unavailable = Errors.serviceUnavailable('The gateway is shutting down; retry the request.');
      return void sendApiError(request, reply, unavailable, { close: true });
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
  registerBodyGate(fastify);
  // Parser and framework errors reach Nest's exception layer, and so HttpErrorFilter: one error path.
  await fastify.register(formBody, { bodyLimit: FORM_BODY_LIMIT });
}

/** The request's correlation id (the client's, or a new one), echoed on the answer; the client's if malformed. */
function identify(request: FastifyRequest, reply: FastifyReply): ReturnType<typeof correlationIdOf> {
  const correlationId = correlationIdOf(request.headers['x-correlation-id']);
  request.correlationId = typeof correlationId === 'string' ? correlationId : newCorrelationId();
  void reply.header('X-Correlation-ID', request.correlationId);
  return correlationId;
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a path that does not
 * percent-decode, a path segment over `maxParamLength`) is answered like every other error, with a
 * correlation id and the API's error body.
 */
export function frameworkErrorHandler(logger: Logger) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    identify(request, reply);
    sendApiError(request, reply, toApiError(error, request, logger));
  };
}
