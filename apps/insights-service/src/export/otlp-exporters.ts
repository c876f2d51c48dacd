import { checkOutboundUrl, safeLookup, type OutboundPolicy } from '@commerce/outbound';
import type { Metadata } from '@grpc/grpc-js';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';
import {
  AggregationTemporality,
  type PushMetricExporter,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import type { ProviderTarget } from './provider-targets.js';

export interface ExportOptions {
  policy: OutboundPolicy;
  timeoutMillis: number;
}

/**
 * The OpenTelemetry SDK's OTLP exporters for one provider: gRPC, or HTTP with binary protobuf (what every
 * vendor's OTLP ingest accepts). HTTP connections resolve through `safeLookup` (every resolved address judged
 * at connect time); gRPC connections are judged by `PolicyCheckedCredentials`. The exporters never follow
 * redirects. The URL itself is checked first (https only unless the policy allows development use). The
 * exporters and the gRPC library (about 30 MB of a process's memory) are loaded on the first export of
 * their kind, not at start: most projects export nothing.
 */
function agentOptions(policy: OutboundPolicy) {
  return { keepAlive: false, lookup: safeLookup(policy) };
}

async function grpc(url: URL, headers: Record<string, string>, policy: OutboundPolicy) {
  const [{ Metadata }, { PolicyCheckedCredentials }] = await Promise.all([
    import('@grpc/grpc-js'),
    import('./policy-checked-credentials.js'),
  ]);
  return {
    url: url.toString(),
    metadata: grpcMetadata(new Metadata(), headers),
    credentials: PolicyCheckedCredentials.forUrl(url, policy),
  };
}

function grpcMetadata(metadata: Metadata, headers: Record<string, string>): Metadata {
  for (const [name, value] of Object.entries(headers)) metadata.set(name.toLowerCase(), value);
  return metadata;
}

export async function metricExporter(
  target: ProviderTarget,
  options: ExportOptions,
): Promise<PushMetricExporter> {
  const url = checkOutboundUrl(target.metricsUrl, options.policy);
  const common = {
    timeoutMillis: options.timeoutMillis,
    temporalityPreference: AggregationTemporality.DELTA,
  };
  if (target.protocol === 'grpc') {
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-grpc');
    return new OTLPMetricExporter({ ...common, ...(await grpc(url, target.headers, options.policy)) });
  }
  const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-proto');
  return new OTLPMetricExporter({
    ...common,
    url: url.toString(),
    headers: target.headers,
    httpAgentOptions: agentOptions(options.policy),
  });
}

export async function logExporter(
  target: ProviderTarget,
  options: ExportOptions,
): Promise<LogRecordExporter> {
  const url = checkOutboundUrl(target.logsUrl, options.policy);
  if (target.protocol === 'grpc') {
    const { OTLPLogExporter } = await import('@opentelemetry/exporter-logs-otlp-grpc');
    return new OTLPLogExporter({
      timeoutMillis: options.timeoutMillis,
      ...(await grpc(url, target.headers, options.policy)),
    });
  }
  const { OTLPLogExporter } = await import('@opentelemetry/exporter-logs-otlp-proto');
  return new OTLPLogExporter({
    timeoutMillis: options.timeoutMillis,
    url: url.toString(),
    headers: target.headers,
    httpAgentOptions: agentOptions(options.policy),
  });
}

/** Sends through an exporter once and shuts it down; a failure is thrown (its message never holds headers). */
export async function exportOnce<T extends ResourceMetrics | ReadableLogRecord[]>(
  exporter: { export(data: T, done: (result: ExportResult) => void): void; shutdown(): Promise<void> },
  data: T,
): Promise<void> {
  try {
    const result = await new Promise<ExportResult>((resolve) => exporter.export(data, resolve));
    if (result.code !== ExportResultCode.SUCCESS) {
      throw new Error(result.error?.message ?? 'The export failed.');
    }
  } finally {
    await exporter.shutdown().catch(() => undefined);
  }
}
