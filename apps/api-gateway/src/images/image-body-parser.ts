import { ApiError, Errors } from '@commerce/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from './image-inspection.js';

/** The one route that takes a file as its body (libs/auth/src/operation-scopes.ts: `products.uploadImage`). */
export const IMAGE_UPLOAD_ROUTE = '/:projectKey/products/:idOrKey/images';

/** How much of a too large body is still read (and dropped) before the connection is closed instead. */
const DRAIN_LIMIT = 4 * MAX_IMAGE_BYTES;

const tooLarge = () =>
  new ApiError({
    code: 'ContentTooLarge',
    message: `The image is larger than the limit of 10 MB (${MAX_IMAGE_BYTES} bytes).`,
  });

/**
 * Reads `image/*` and `application/octet-stream` bodies as bytes, on the image upload route only and up to
 * 10 MB; on any other route these types are refused, so the JSON routes keep their own parser and limit.
 */
export function registerImageBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^image\/[\w.+-]+$/i, readImageBody);
  fastify.addContentTypeParser('application/octet-stream', readImageBody);
}

function readImageBody(
  request: FastifyRequest,
  payload: Readable,
  done: (error: Error | null, body: Buffer | undefined) => void,
): void {
  if (request.routeOptions.url !== IMAGE_UPLOAD_ROUTE) {
    done(Errors.invalidInput(`Unsupported Media Type: ${request.headers['content-type']}.`), undefined);
    return;
  }
  const declared = Number(request.headers['content-length']);
  if (declared > DRAIN_LIMIT) {
    done(tooLarge(), undefined);
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  const finish = (error?: Error) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', finish);
    if (error) done(error, undefined);
    else if (received > MAX_IMAGE_BYTES) done(tooLarge(), undefined);
    else done(null, Buffer.concat(chunks, received));
  };
  // Past the limit the rest is read and dropped, so the client, still sending, gets to read the answer.
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > DRAIN_LIMIT) finish(tooLarge());
    else if (received <= MAX_IMAGE_BYTES) chunks.push(chunk);
    else chunks.length = 0;
  };
  const onEnd = () => finish();
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', finish);
}
