import { ApiError, Errors } from '@commerce/errors';
import type { IncomingHttpHeaders } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/** Methods that cannot have a body (spec: Errors, blocked requests). */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE']);

export interface RequestLine {
  method: string;
  httpVersionMajor: number;
  headers: IncomingHttpHeaders;
}

/**
 * Why a parsed request is blocked, or undefined: an HTTP version other than 1.x (HTTP/2 arrives on its own
 * protocol, never as a text request line), an `Upgrade` header, or a body on GET, HEAD or DELETE. An empty
 * body is no body (the SDK sends `Content-Type: application/json` and nothing else on every request); a
 * chunked one counts as a body, since its length is unknown before it is read.
 */
export function blockedRequest({ method, httpVersionMajor, headers }: RequestLine): ApiError | undefined {
  if (httpVersionMajor !== 1) return Errors.httpVersionNotSupported();
  if (headers.upgrade !== undefined) {
    return Errors.invalidInput('Protocol upgrades are not supported: the Upgrade header is not allowed.');
  }
  if (BODILESS.has(method)) {
    const length = Number(headers['content-length'] ?? 0);
    if (headers['transfer-encoding'] !== undefined || !(length === 0)) {
      return Errors.invalidInput(`A ${method} request must not have a body.`);
    }
  }
  return undefined;
}

/** The API's error for a request Node's parser refused before Fastify saw it. */
export function clientErrorOf(error: Error & { code?: string }): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return Errors.requestHeaderFieldsTooLarge();
  if (error.code === 'HPE_INVALID_VERSION') return Errors.httpVersionNotSupported();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return Errors.invalidInput('The request was not sent in time.');
  return Errors.invalidInput('The request is not valid HTTP/1.1.');
}

/** The longest path parameter the router takes (ids are UUIDs, keys at most 256 characters). */
export const MAX_PARAM_LENGTH = 1024;

/**
 * The API's error for a request Fastify's router refused before any route: a path that is not valid
 * percent-encoded UTF-8 (`%ED%A0%80`, a lone surrogate's bytes; `%FF`), a path parameter over
 * `MAX_PARAM_LENGTH` characters.
 */
export function frameworkErrorOf(error: Error & { code?: string }): ApiError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return Errors.invalidInput(`A path segment is longer than ${MAX_PARAM_LENGTH} characters.`);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return Errors.invalidInput('The request path is not valid percent-encoded UTF-8.');
  }
  return Errors.invalidInput('The request cannot be routed.');
}

/** Fastify's `frameworkErrors`: the router's refusals get the API's error body (Fastify's own has no `errors`). */
export function frameworkErrorHandler(
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const apiError = frameworkErrorOf(error);
  void reply.code(apiError.status).headers(apiError.headers).send(apiError.toBody());
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (URL plus headers over 15 KB, an
 * unknown HTTP version, malformed HTTP) are answered with the API's error body, then the connection closes.
 */
export function clientErrorHandler(logger: Logger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const apiError = clientErrorOf(error);
    logger.debug({ code: error.code, status: apiError.status }, 'client error');
    if (socket.writable) socket.write(rawResponse(apiError));
    socket.destroy();
  };
}

function rawResponse(error: ApiError): string {
  const body = JSON.stringify(error.toBody());
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}
