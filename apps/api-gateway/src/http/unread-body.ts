import type { FastifyReply, FastifyRequest } from 'fastify';

/** How much of a body the gateway did not read it still takes (and drops) after answering. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
/** How long it waits for the rest of such a body. */
export const DRAIN_TIMEOUT_MS = 30_000;

/**
 * A request answered before its body was read (413 by its declared length, 415, 404): the client may still be
 * sending. Closing at once would reset the connection under it, so that it sees `EPIPE` or `ECONNRESET` instead
 * of the answer; so the rest of the body is read and dropped, as Node does on a kept-alive connection, up to
 * `DRAIN_LIMIT` bytes and `DRAIN_TIMEOUT_MS`, past which the connection is closed. Fastify's own
 * `Connection: close` after a refused body is taken back: the body is framed by its length or chunks, so what
 * follows it on the connection is the next request.
 */
export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  reply.removeHeader('connection');
  const socket = raw.socket;
  let received = 0;
  const timer = setTimeout(() => socket.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    raw.removeListener('data', onData);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= DRAIN_LIMIT) return;
    stop();
    socket.destroy();
  };
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}
