import type { FastifyInstance } from 'fastify';
import type { TelemetryCollector } from './telemetry-collector.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds from the request to the moment its response starts being written (`onSend`). */
    timeToFirstByteMs?: number;
  }
}

/**
 * Every answered request reaches the collector after its response is sent (Fastify `onResponse`); `onSend`
 * notes when the response started, which `svc_time_sec` measures.
 */
export function installTelemetryHook(fastify: FastifyInstance, collector: TelemetryCollector): void {
  fastify.decorateRequest('timeToFirstByteMs', undefined);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    request.timeToFirstByteMs = reply.elapsedTime;
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    collector.observe(request, reply);
    done();
  });
}
