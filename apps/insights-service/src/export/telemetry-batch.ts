import {
  SVC_TIME_BUCKETS,
  type AccessLogEntry,
  type ProjectTelemetry,
  type TelemetrySeries,
} from '@commerce/contracts';

const MAX_PROJECTS = 10_000;
const MAX_SERIES = 10_000;
const MAX_LOGS = 10_000;

const isText = (value: unknown, max = 4_096): value is string =>
  typeof value === 'string' && value.length <= max;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function isSeries(value: unknown): value is TelemetrySeries {
  const series = value as TelemetrySeries | null;
  return (
    !!series &&
    isText(series.endpoint, 2_048) &&
    isText(series.httpMethod, 16) &&
    Number.isInteger(series.httpStatus) &&
    [
      series.count,
      series.sentBytes,
      series.receivedBytes,
      series.timeSum,
      series.timeMin,
      series.timeMax,
    ].every(isCount) &&
    Array.isArray(series.timeBuckets) &&
    series.timeBuckets.length === SVC_TIME_BUCKETS.length + 1 &&
    series.timeBuckets.every(isCount)
  );
}

function isLog(value: unknown): value is AccessLogEntry {
  const log = value as AccessLogEntry | null;
  return (
    !!log &&
    isText(log.correlation_id, 256) &&
    isText(log.http_method, 16) &&
    isText(log.http_uri) &&
    isText(log.http_useragent) &&
    Number.isInteger(log.http_status) &&
    [log.duration, log.http_received_bytes, log.http_sent_bytes, log.timestamp].every(isCount)
  );
}

/** A batch off the wire (never trusted): malformed entries are dropped, sizes are bounded. */
export function parseTelemetryBatch(raw: unknown): ProjectTelemetry[] {
  const projects = (raw as { projects?: unknown } | null)?.projects;
  if (!Array.isArray(projects)) return [];
  const result: ProjectTelemetry[] = [];
  for (const entry of projects.slice(0, MAX_PROJECTS)) {
    const project = entry as Partial<ProjectTelemetry> | null;
    if (
      !project ||
      !isText(project.projectKey, 256) ||
      !isCount(project.startTime) ||
      !isCount(project.endTime)
    )
      continue;
    const series = Array.isArray(project.series) ? project.series.slice(0, MAX_SERIES).filter(isSeries) : [];
    const logs = Array.isArray(project.logs) ? project.logs.slice(0, MAX_LOGS).filter(isLog) : [];
    if (series.length === 0 && logs.length === 0) continue;
    result.push({
      projectKey: project.projectKey,
      startTime: project.startTime,
      endTime: project.endTime,
      series: series.map((s) => ({
        endpoint: s.endpoint,
        httpMethod: s.httpMethod,
        httpStatus: s.httpStatus,
        count: s.count,
        sentBytes: s.sentBytes,
        receivedBytes: s.receivedBytes,
        timeSum: s.timeSum,
        timeMin: s.timeMin,
        timeMax: s.timeMax,
        timeBuckets: [...s.timeBuckets],
      })),
      logs: logs.map((l) => ({
        correlation_id: l.correlation_id,
        duration: l.duration,
        http_method: l.http_method,
        http_status: l.http_status,
        http_uri: l.http_uri,
        http_received_bytes: l.http_received_bytes,
        http_sent_bytes: l.http_sent_bytes,
        http_useragent: l.http_useragent,
        timestamp: l.timestamp,
      })),
    });
  }
  return result;
}
