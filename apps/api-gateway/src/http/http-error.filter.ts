import { ApiError, Errors } from '@commerce/errors';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { bodyKindOf } from './media-types.js';
import { drainUnreadBody } from './unread-body.js';

/**
 * The one place an error becomes an HTTP answer: ApiErrors (also those re-raised from services) keep their
 * status, codes and headers; framework errors get the API's codes; anything else is a 500 `General` whose
 * id is logged with the stack, never sent.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    sendApiError(request, reply, toApiError(exception, request, this.logger));
  }
}

export interface SendOptions {
  /** Close the connection after the answer (a refused request whose connection is not trusted further). */
  close?: boolean;
}

/**
 * Answers with the API's error body (none for HEAD), its status and headers. A body the request still has
 * unread is taken and dropped (unread-body.ts) unless the connection closes.
 */
export function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  { close = false }: SendOptions = {},
): FastifyReply {
  if (close) void reply.header('Connection', 'close');
  else drainUnreadBody(request, reply);
  return reply
    .headers(error.headers)
    .code(error.status)
    .send(request.method === 'HEAD' ? undefined : error.toBody());
}

export function toApiError(exception: unknown, request: FastifyRequest, logger: Logger): ApiError {
  if (exception instanceof ApiError) return exception;
  const path = request.url.split('?')[0];
  const code = (exception as { code?: unknown })?.code;
  // Fastify's router: a percent-encoding that does not decode, and a path segment longer than 1,024
  // characters (no id or key is that long: such a resource does not exist).
  if (code === 'FST_ERR_BAD_URL')
    return Errors.invalidInput(`Malformed URL: ${path} is not valid percent-encoding.`);
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return Errors.routeNotFound(path);
  const status = exception instanceof HttpException ? exception.getStatus() : statusOf(exception);
  if (status === 404) return Errors.routeNotFound(path);
  if (status === 405) return Errors.methodNotAllowed(request.method, path);
  if (status === 413) return Errors.contentTooLarge();
  if (status === 415) {
    const kind = bodyKindOf(request.routeOptions.url ?? '', request.headers['content-type']);
    if (kind instanceof ApiError) return kind;
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return Errors.invalidInput(exception instanceof Error ? exception.message : 'Invalid request.');
  }
  const errorId = randomUUID();
  logger.error(
    { errorId, correlationId: request.correlationId, err: exception },
    `unexpected error ${errorId}`,
  );
  return Errors.general(errorId);
}

function statusOf(exception: unknown): number | undefined {
  const status = (exception as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' ? status : undefined;
}
