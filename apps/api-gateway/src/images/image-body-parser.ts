import { ApiError } from '@commerce/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from './image-inspection.js';

/** The one route that takes a file as its body (libs/auth/src/operation-scopes.ts: `products.uploadImage`). */
export const IMAGE_UPLOAD_ROUTE = '/:projectKey/products/:idOrKey/images';

const tooLarge = () =>
  new ApiError({
    code: 'ContentTooLarge',
    message: `The image is larger than the limit of 10 MB (${MAX_IMAGE_BYTES} bytes).`,
  });

const IMAGE_MEDIA_TYPE = /^image\/[\w.+-]+$/i;

/** The media types of an image file's body: `image/*` and `application/octet-stream`. */
export const isImageMediaType = (mediaType: string): boolean =>
  IMAGE_MEDIA_TYPE.test(mediaType) || mediaType === 'application/octet-stream';

/**
 * Reads `image/*` and `application/octet-stream` bodies as bytes, up to 10 MB; the body gate
 * (http/media-types.ts) lets them reach the image upload route only.
 */
export function registerImageBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(IMAGE_MEDIA_TYPE, readImageBody);
  fastify.addContentTypeParser('application/octet-stream', readImageBody);
}

function readImageBody(
  request: FastifyRequest,
  payload: Readable,
  done: (error: Error | null, body: Buffer | undefined) => void,
): void {
  // Too large is refused at once; the rest of the body is read and dropped by the error answer (unread-body.ts).
  if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES) {
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
    else done(null, Buffer.concat(chunks, received));
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_IMAGE_BYTES) finish(tooLarge());
    else chunks.push(chunk);
  };
  const onEnd = () => finish();
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', finish);
}
