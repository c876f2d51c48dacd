import { checkOutboundUrl, safeLookup, type OutboundPolicy } from '@commerce/outbound';
import { Metadata } from '@grpc/grpc-js';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPLogExporter as GrpcLogExporter } from '@opentelemetry/exporter-logs-otlp-grpc';
import { OTLPLogExporter as HttpLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPMetricExporter as GrpcMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPMetricExporter as HttpMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';
import {
  AggregationTemporality,
  type PushMetricExporter,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import { PolicyCheckedCredentials } from './policy-checked-credentials.js';
import type { ProviderTarget } from './provider-targets.js';

export interface ExportOptions {
  policy: OutboundPolicy;
  timeoutMillis: number;
}

/**
 * The OpenTelemetry SDK's OTLP exporters for one provider: gRPC, or HTTP with binary protobuf (what every
 * vendor's OTLP ingest accepts). HTTP connections resolve through `safeLookup` (every resolved address judged
 * at connect time); gRPC connections are judged by `PolicyCheckedCredentials`. The exporters never follow
 * redirects. The URL itself is checked first (https only unless the policy allows development use).
 */
function agentOptions(policy: OutboundPolicy) {
  return { keepAlive: false, lookup: safeLookup(policy) };
}

function grpcMetadata(headers: Record<string, string>): Metadata {
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(headers)) metadata.set(name.toLowerCase(), value);
  return metadata;
}

export function metricExporter(target: ProviderTarget, options: ExportOptions): PushMetricExporter {
  const url = checkOutboundUrl(target.metricsUrl, options.policy);
  const common = {
    timeoutMillis: options.timeoutMillis,
    temporalityPreference: AggregationTemporality.DELTA,
  };
  if (target.protocol === 'grpc') {
    return new GrpcMetricExporter({
      ...common,
      url: url.toString(),
      metadata: grpcMetadata(target.headers),
      credentials: PolicyCheckedCredentials.forUrl(url, options.policy),
    });
  }
  return new HttpMetricExporter({
    ...common,
    url: url.toString(),
    headers: target.headers,
    httpAgentOptions: agentOptions(options.policy),
  });
}

export function logExporter(target: ProviderTarget, options: ExportOptions): LogRecordExporter {
  const url = checkOutboundUrl(target.logsUrl, options.policy);
  if (target.protocol === 'grpc') {
    return new GrpcLogExporter({
      timeoutMillis: options.timeoutMillis,
      url: url.toString(),
      metadata: grpcMetadata(target.headers),
      credentials: PolicyCheckedCredentials.forUrl(url, options.policy),
    });
  }
  return new HttpLogExporter({
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
