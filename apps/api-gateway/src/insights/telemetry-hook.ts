import type { FastifyInstance } from 'fastify';
import type { TelemetryCollector } from './telemetry-collector.js';

/** Every answered request reaches the collector after its response is sent (Fastify `onResponse`). */
export function installTelemetryHook(fastify: FastifyInstance, collector: TelemetryCollector): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    collector.observe(request, reply);
    done();
  });
}
