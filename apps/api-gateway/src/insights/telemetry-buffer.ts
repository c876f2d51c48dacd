import {
  SVC_TIME_BUCKETS,
  type AccessLogEntry,
  type ProjectTelemetry,
  type TelemetrySeries,
} from '@commerce/contracts';

/** One answered request, as the gateway saw it. */
export interface RequestSample {
  projectKey: string;
  endpoint: string;
  httpMethod: string;
  httpStatus: number;
  /** The whole request, for the access log's `duration`. */
  durationSec: number;
  /** From the request to the first byte of the response, for `svc_time_sec`. */
  timeToFirstByteSec: number;
  sentBytes: number;
  receivedBytes: number;
  correlationId: string;
  uri: string;
  userAgent: string;
  timestamp: number;
}

export interface BufferLimits {
  /** Distinct (project, endpoint, method, status) series per window. */
  maxSeries: number;
  /** Access-log entries per window. */
  maxLogs: number;
}

export interface Dropped {
  series: number;
  logs: number;
}

const MAX_URI = 2_048;
const MAX_USER_AGENT = 512;

function bucketIndex(seconds: number): number {
  const index = SVC_TIME_BUCKETS.findIndex((bound) => seconds <= bound);
  return index === -1 ? SVC_TIME_BUCKETS.length : index;
}

/**
 * Aggregates requests in memory for one window: one series per project, endpoint, method and status, and the
 * access-log entries. Bounded: a sample that needs a new series or log entry beyond the limits is dropped and
 * counted. Recording is a few map operations; nothing waits.
 */
export class TelemetryBuffer {
  private series = new Map<string, TelemetrySeries & { projectKey: string }>();
  private logs = new Map<string, AccessLogEntry[]>();
  private logCount = 0;
  private startTime = Date.now();

  constructor(private readonly limits: BufferLimits) {}

  /** Records one request; returns what had to be dropped. */
  record(sample: RequestSample): Dropped {
    const dropped = { series: 0, logs: 0 };
    const key = `${sample.projectKey}\n${sample.httpMethod}\n${sample.httpStatus}\n${sample.endpoint}`;
    let series = this.series.get(key);
    if (!series && this.series.size < this.limits.maxSeries) {
      series = {
        projectKey: sample.projectKey,
        endpoint: sample.endpoint,
        httpMethod: sample.httpMethod,
        httpStatus: sample.httpStatus,
        count: 0,
        sentBytes: 0,
        receivedBytes: 0,
        timeSum: 0,
        timeMin: sample.timeToFirstByteSec,
        timeMax: sample.timeToFirstByteSec,
        timeBuckets: new Array<number>(SVC_TIME_BUCKETS.length + 1).fill(0),
      };
      this.series.set(key, series);
    }
    if (series) {
      series.count++;
      series.sentBytes += sample.sentBytes;
      series.receivedBytes += sample.receivedBytes;
      series.timeSum += sample.timeToFirstByteSec;
      series.timeMin = Math.min(series.timeMin, sample.timeToFirstByteSec);
      series.timeMax = Math.max(series.timeMax, sample.timeToFirstByteSec);
      series.timeBuckets[bucketIndex(sample.timeToFirstByteSec)]++;
    } else dropped.series++;

    if (this.logCount < this.limits.maxLogs) {
      let logs = this.logs.get(sample.projectKey);
      if (!logs) this.logs.set(sample.projectKey, (logs = []));
      logs.push({
        correlation_id: sample.correlationId,
        duration: sample.durationSec,
        http_method: sample.httpMethod,
        http_status: sample.httpStatus,
        http_uri: sample.uri.slice(0, MAX_URI),
        http_received_bytes: sample.receivedBytes,
        http_sent_bytes: sample.sentBytes,
        http_useragent: sample.userAgent.slice(0, MAX_USER_AGENT),
        timestamp: sample.timestamp,
      });
      this.logCount++;
    } else dropped.logs++;
    return dropped;
  }

  get isEmpty(): boolean {
    return this.series.size === 0 && this.logCount === 0;
  }

  /** Hands over the window's data per project and starts a new window. */
  drain(now = Date.now()): ProjectTelemetry[] {
    const byProject = new Map<string, ProjectTelemetry>();
    const projectOf = (projectKey: string) => {
      let project = byProject.get(projectKey);
      if (!project) {
        project = { projectKey, startTime: this.startTime, endTime: now, series: [], logs: [] };
        byProject.set(projectKey, project);
      }
      return project;
    };
    for (const { projectKey, ...series } of this.series.values()) projectOf(projectKey).series.push(series);
    for (const [projectKey, logs] of this.logs) projectOf(projectKey).logs.push(...logs);
    this.series = new Map();
    this.logs = new Map();
    this.logCount = 0;
    this.startTime = now;
    return [...byProject.values()];
  }
}

/**
 * Splits a window's data into messages of at most `maxBytes` of JSON (NATS limits a message to 1 MB by
 * default): a project's logs are cut into several parts when needed.
 */
export function chunkTelemetry(projects: ProjectTelemetry[], maxBytes: number): ProjectTelemetry[][] {
  const chunks: ProjectTelemetry[][] = [];
  let current: ProjectTelemetry[] = [];
  let size = 0;
  const push = (part: ProjectTelemetry, partSize: number) => {
    if (size + partSize > maxBytes && current.length > 0) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(part);
    size += partSize;
  };
  for (const project of projects) {
    const { logs, ...rest } = project;
    let part: ProjectTelemetry = { ...rest, logs: [] };
    let partSize = JSON.stringify(part).length;
    for (const log of logs) {
      const logSize = JSON.stringify(log).length + 1;
      if (partSize + logSize > maxBytes && part.logs.length > 0) {
        push(part, partSize);
        part = { ...rest, series: [], logs: [] };
        partSize = JSON.stringify(part).length;
      }
      part.logs.push(log);
      partSize += logSize;
    }
    push(part, partSize);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
