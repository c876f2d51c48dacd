import { FORM_ROUTES } from '@commerce/auth';
import { ApiError, Errors } from '@commerce/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Server } from 'node:http';
import { IMAGE_UPLOAD_ROUTE, isImageMediaType } from '../images/image-body-parser.js';
import { MAX_IMAGE_BYTES } from '../images/image-inspection.js';
import { OAUTH_PATH } from '../oauth/oauth.controller.js';

/** The largest JSON body (spec: Limits). */
export const BODY_LIMIT = 16 * 1024 * 1024;
/** The largest form body (the OAuth endpoints' few fields, a search's parameters). */
export const FORM_BODY_LIMIT = 64 * 1024;

interface BodyKind {
  /** How an answer names it. */
  name: string;
  matches(mediaType: string): boolean;
  /** Whether a route (Fastify's pattern, `/:projectKey/stores`) takes it. */
  takenBy(route: string): boolean;
  /** The most its parser reads. */
  limit: number;
}

/**
 * The request bodies the gateway reads: JSON on every route (the SDKs send `application/json`, with or without
 * `charset`), form bodies on the OAuth endpoints and the operations the table marks `form` (a product
 * projection search by POST), image files on the image upload route. Anything else, and a
 * body without a `Content-Type`, is refused with 415 before a byte of it is read.
 */
const BODY_KINDS: readonly BodyKind[] = [
  {
    name: 'application/json',
    matches: (mediaType) => mediaType === 'application/json',
    takenBy: () => true,
    limit: BODY_LIMIT,
  },
  {
    name: 'application/x-www-form-urlencoded',
    matches: (mediaType) => mediaType === 'application/x-www-form-urlencoded',
    takenBy: (route) => route.startsWith(`/${OAUTH_PATH}/`) || FORM_ROUTES.has(route),
    limit: FORM_BODY_LIMIT,
  },
  {
    name: 'image/jpeg, image/png, image/gif or application/octet-stream',
    matches: isImageMediaType,
    takenBy: (route) => route === IMAGE_UPLOAD_ROUTE,
    limit: MAX_IMAGE_BYTES,
  },
];

/** Whether a request has a body to read (Fastify's own test: a length above 0 or any transfer coding). */
export function hasBody(headers: FastifyRequest['headers']): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The kind of body a route takes with this `Content-Type`, or the 415 that refuses it. */
export function bodyKindOf(route: string, contentType: string | undefined): BodyKind | ApiError {
  const mediaType = contentType?.split(';', 1)[0].trim().toLowerCase();
  const kind =
    mediaType === undefined
      ? undefined
      : BODY_KINDS.find((candidate) => candidate.matches(mediaType) && candidate.takenBy(route));
  if (kind) return kind;
  const accepted = BODY_KINDS.filter((candidate) => candidate.takenBy(route)).map(({ name }) => name);
  return Errors.unsupportedMediaType(contentType, accepted);
}

/**
 * Before a body is read (`preParsing`): a media type the route does not take is refused with 415, and a client
 * that asked `Expect: 100-continue` is told to send the body only now, when it will be read: a body it may not
 * send (415, or longer than the parser reads, which the parser refuses at once with 413) never gets a 100
 * Continue. Node's `checkContinue` (app.ts) leaves the 100 Continue to this hook. Unknown routes answer 404
 * whatever the body.
 */
export function registerBodyGate(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, reply, payload, done) => {
    if (request.is404 || !hasBody(request.headers)) return done(null, payload);
    const kind = bodyKindOf(request.routeOptions.url ?? '', request.headers['content-type']);
    if (kind instanceof ApiError) return done(kind, payload);
    if (
      request.headers.expect?.toLowerCase() === '100-continue' &&
      !(Number(request.headers['content-length']) > kind.limit)
    ) {
      reply.raw.writeContinue();
    }
    done(null, payload);
  });
}

/**
 * Node answers `Expect: 100-continue` with 100 Continue itself, before any route is known, unless the server
 * listens for `checkContinue`: then the request goes on as any other and the body gate decides.
 */
export function leaveContinueToBodyGate(server: Server): void {
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
}
