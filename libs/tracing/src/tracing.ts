import { trace, type Tracer } from '@opentelemetry/api';

/** What the SDK module gives back once it started: a flush of the spans not yet exported. */
export interface StartedSdk {
  flush(): Promise<void>;
}

let tracer: Tracer | undefined;
let sdk: StartedSdk | undefined;

/**
 * The platform's tracer once `startTracing` started the SDK in this process; `undefined` while tracing is off.
 * Code on a request's path asks this first and, when it is off, does nothing more: no span, no header.
 */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/**
 * Whether the environment asks for traces: an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`, or the traces'
 * own `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), with neither `OTEL_SDK_DISABLED=true` nor
 * `OTEL_TRACES_EXPORTER=none`.
 */
export function tracesRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim().toLowerCase());
  if (exporters?.includes('none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts the OpenTelemetry SDK of this process when the environment asks for traces (`tracesRequested`),
 * as `OTEL_SERVICE_NAME` or else `serviceName`; otherwise loads nothing of it. Call it before the app's own
 * modules load: the PostgreSQL driver is instrumented only if it loads after this (main.ts imports the app
 * once this has resolved). True when tracing is on.
 */
export async function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (tracer) return true;
  if (!tracesRequested(env)) return false;
  const { startSdk } = await import('./sdk.js');
  sdk = await startSdk(env.OTEL_SERVICE_NAME?.trim() || serviceName, env);
  tracer = trace.getTracer('@commerce/platform');
  return true;
}

/** Exports the spans still buffered (at shutdown); nothing while tracing is off. */
export async function flushTracing(): Promise<void> {
  await sdk?.flush().catch(() => undefined);
}
