import { ApiError, Errors } from '@commerce/errors';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

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

/** Answers with the API's error body (none for HEAD), its status and headers. */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .headers(error.headers)
    .code(error.status)
    .send(request.method === 'HEAD' ? undefined : error.toBody());
}

export function toApiError(exception: unknown, request: FastifyRequest, logger: Logger): ApiError {
  if (exception instanceof ApiError) return exception;
  const status = exception instanceof HttpException ? exception.getStatus() : statusOf(exception);
  if (status === 404) return Errors.routeNotFound(request.url.split('?')[0]);
  if (status === 405) return Errors.methodNotAllowed(request.method, request.url.split('?')[0]);
  if (status === 413) return Errors.contentTooLarge();
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
