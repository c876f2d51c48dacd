import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { StartedSdk } from './tracing.js';

const PROTOCOLS = ['http/protobuf', 'grpc', 'http/json'] as const;

/**
 * The OTLP exporter of `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` (or `OTEL_EXPORTER_OTLP_PROTOCOL`), `http/protobuf`
 * by default; only that one is loaded. It reads its endpoint, headers, timeout and compression from the
 * standard `OTEL_EXPORTER_OTLP_*` variables itself.
 */
async function otlpExporter(env: NodeJS.ProcessEnv): Promise<SpanExporter> {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim();
  switch (protocol || 'http/protobuf') {
    case 'http/protobuf':
      return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
    case 'grpc':
      return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
    case 'http/json':
      return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
    default:
      throw new Error(
        `OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${PROTOCOLS.join(', ')} (got "${protocol}").`,
      );
  }
}

/**
 * The OpenTelemetry trace SDK of this process: spans batched (`OTEL_BSP_*`) to the OTLP exporter, sampled as
 * `OTEL_TRACES_SAMPLER` says (every trace by default, following the caller's decision), the resource from
 * `OTEL_RESOURCE_ATTRIBUTES` and the process, W3C trace context propagation, and the PostgreSQL driver
 * instrumented. Traces only: metrics and logs have their own channels (docs/OBSERVABILITY.md). Loaded only
 * when tracing is on; not the whole `sdk-node`, whose every exporter would load with it (about 1.4 s of CPU
 * per process at start, measured here).
 */
export async function startSdk(serviceName: string, env: NodeJS.ProcessEnv): Promise<StartedSdk> {
  const resource = resourceFromAttributes({ 'service.name': serviceName }).merge(
    detectResources({ detectors: [processDetector, hostDetector, envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(await otlpExporter(env))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    // A query outside any traced request (pool checks, the relays' and schedulers' polls) makes no trace.
    instrumentations: [new PgInstrumentation({ requireParentSpan: true })],
  });
  return { flush: () => provider.forceFlush() };
}
