import {
  SVC_TIME_BUCKETS,
  type AccessLogEntry,
  type InsightsAttribute,
  type TelemetrySeries,
} from '@commerce/contracts';
import { ValueType, type Attributes, type HrTime } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { millisToHrTime } from '@opentelemetry/core';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import {
  AggregationTemporality,
  DataPointType,
  type DataPoint,
  type MetricData,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import type { MergedTelemetry } from './telemetry-merge.js';

const SCOPE = { name: 'commerce-platform/api-gateway', version: '1' };

export function exportResource(projectKey: string): Resource {
  return resourceFromAttributes({ 'service.name': 'commerce-api', project_key: projectKey });
}

const extraAttributes = (attributes: InsightsAttribute[], eventType: 'Logs' | 'Metrics'): Attributes =>
  Object.fromEntries(
    attributes
      .filter((attribute) => attribute.eventType === eventType)
      .map(({ name, value }) => [name, value]),
  );

/**
 * The window's metrics in the OpenTelemetry SDK's data model, with delta temporality (every vendor accepts
 * it; Dynatrace accepts only it): svc_time_sec (histogram), svc_response_count, svc_sent_bytes,
 * svc_received_bytes and svc_error_count (4xx and 5xx), by http_status, endpoint, http_method, project_key.
 */
export function toResourceMetrics(
  projectKey: string,
  telemetry: MergedTelemetry,
  additional: InsightsAttribute[],
  resource: Resource = exportResource(projectKey),
): ResourceMetrics {
  const startTime = millisToHrTime(telemetry.startTime);
  const endTime = millisToHrTime(telemetry.endTime);
  const extra = extraAttributes(additional, 'Metrics');
  const attributesOf = (series: TelemetrySeries): Attributes => ({
    ...extra,
    http_status: series.httpStatus,
    endpoint: series.endpoint,
    http_method: series.httpMethod,
    project_key: projectKey,
  });
  const point = <T>(series: TelemetrySeries, value: T): DataPoint<T> => ({
    startTime,
    endTime,
    attributes: attributesOf(series),
    value,
  });
  const sum = (
    name: string,
    description: string,
    unit: string,
    series: TelemetrySeries[],
    value: (series: TelemetrySeries) => number,
  ): MetricData => ({
    descriptor: { name, description, unit, valueType: ValueType.INT },
    aggregationTemporality: AggregationTemporality.DELTA,
    dataPointType: DataPointType.SUM,
    isMonotonic: true,
    dataPoints: series.map((item) => point(item, value(item))),
  });
  const errors = telemetry.series.filter((series) => series.httpStatus >= 400);
  const metrics: MetricData[] = [
    {
      descriptor: {
        name: 'svc_time_sec',
        description: 'Time from the request to the first byte of the response',
        unit: 's',
        valueType: ValueType.DOUBLE,
      },
      aggregationTemporality: AggregationTemporality.DELTA,
      dataPointType: DataPointType.HISTOGRAM,
      dataPoints: telemetry.series.map((series) =>
        point(series, {
          buckets: { boundaries: [...SVC_TIME_BUCKETS], counts: series.timeBuckets },
          sum: series.timeSum,
          count: series.count,
          min: series.timeMin,
          max: series.timeMax,
        }),
      ),
    },
    sum('svc_response_count', 'Number of responses', '1', telemetry.series, (s) => s.count),
    sum('svc_sent_bytes', 'Bytes sent in responses', 'By', telemetry.series, (s) => s.sentBytes),
    sum('svc_received_bytes', 'Bytes received in requests', 'By', telemetry.series, (s) => s.receivedBytes),
  ];
  if (errors.length > 0) {
    metrics.push(
      sum('svc_error_count', 'Requests answered with a 4xx or 5xx status', '1', errors, (s) => s.count),
    );
  }
  return { resource, scopeMetrics: [{ scope: SCOPE, metrics }] };
}

/**
 * The window's access-log entries as SDK log records: the entry (plus the additional attributes of event
 * type Logs) is both the JSON body and the record's attributes, so every backend can search its fields.
 */
export function toLogRecords(
  projectKey: string,
  logs: AccessLogEntry[],
  additional: InsightsAttribute[],
  resource: Resource = exportResource(projectKey),
): ReadableLogRecord[] {
  const extra = extraAttributes(additional, 'Logs');
  return logs.map((entry): ReadableLogRecord => {
    const fields = { ...extra, ...entry, project_key: projectKey };
    const time: HrTime = millisToHrTime(entry.timestamp);
    const severity =
      entry.http_status >= 500
        ? SeverityNumber.ERROR
        : entry.http_status >= 400
          ? SeverityNumber.WARN
          : SeverityNumber.INFO;
    return {
      hrTime: time,
      hrTimeObserved: time,
      severityNumber: severity,
      severityText: SeverityNumber[severity],
      body: JSON.stringify(fields),
      resource,
      instrumentationScope: SCOPE,
      attributes: fields,
      droppedAttributesCount: 0,
    };
  });
}
