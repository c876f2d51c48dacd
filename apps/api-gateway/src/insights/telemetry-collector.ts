import { Subjects } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { PrometheusMetrics } from './prometheus-metrics.js';
import { TelemetryBuffer, chunkTelemetry, type Dropped, type RequestSample } from './telemetry-buffer.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** NATS limits a message to 1 MB by default. */
const MAX_MESSAGE_BYTES = 512 * 1024;

/**
 * Records every answered request for the Prometheus endpoint, and for the insights export those of the
 * projects insights-service keeps telemetry for, off the request path: the response has gone when `observe`
 * runs, and it only updates in-memory counters. Every `INSIGHTS_FLUSH_INTERVAL_MS` the window is shipped to
 * insights-service in a few batched messages (an empty one when there is nothing to ship), and each answer
 * names the projects to collect for from then on. Until the first answer, every project is collected.
 */
@Injectable()
export class TelemetryCollector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TelemetryCollector.name);
  readonly prometheus = new PrometheusMetrics();
  private readonly buffer: TelemetryBuffer;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** The projects whose telemetry insights-service keeps (its last answer); undefined before any answer. */
  private exporting: ReadonlySet<string> | undefined;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.buffer = new TelemetryBuffer({
      maxSeries: config.INSIGHTS_BUFFER_MAX_SERIES,
      maxLogs: config.INSIGHTS_BUFFER_MAX_LOGS,
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), this.config.INSIGHTS_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    if (!this.buffer.isEmpty) await this.flush();
  }

  /**
   * One answered request. The `endpoint` is the route template, never the raw path; the project is the one
   * the request was authenticated for (an unauthenticated request belongs to no project), so label values
   * stay bounded whatever paths callers send.
   */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const params = request.params as Record<string, string> | undefined;
    const projectKey =
      request.principal && params?.projectKey === request.principal.projectKey
        ? params.projectKey
        : undefined;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const status = reply.statusCode;
    const endpoint = request.routeOptions.url ?? 'unmatched';
    const durationSec = reply.elapsedTime / 1000;
    const timeToFirstByteSec = (request.timeToFirstByteMs ?? reply.elapsedTime) / 1000;
    const sentBytes = Number(reply.getHeader('content-length')) || 0;
    const receivedBytes = Number(request.headers['content-length']) || 0;

    const labels = { http_status: status, endpoint, http_method: method, project_key: projectKey ?? '' };
    const { time, responses, errors } = this.prometheus;
    time.observe(labels, timeToFirstByteSec);
    responses.inc(labels);
    if (sentBytes > 0) this.prometheus.sentBytes.inc(labels, sentBytes);
    if (receivedBytes > 0) this.prometheus.receivedBytes.inc(labels, receivedBytes);
    if (status >= 400) errors.inc(labels);

    if (!projectKey || (this.exporting && !this.exporting.has(projectKey))) return;
    const sample: RequestSample = {
      projectKey,
      endpoint,
      httpMethod: method,
      httpStatus: status,
      durationSec,
      timeToFirstByteSec,
      sentBytes,
      receivedBytes,
      correlationId: request.correlationId,
      uri: request.url,
      userAgent: String(request.headers['user-agent'] ?? ''),
      timestamp: Date.now(),
    };
    this.countDropped(this.buffer.record(sample));
  }

  /**
   * Ships the current window, or an empty batch, which asks for the exporting projects alone (one flush at a
   * time); a batch insights-service does not take is dropped.
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const chunks = this.buffer.isEmpty ? [[]] : chunkTelemetry(this.buffer.drain(), MAX_MESSAGE_BYTES);
    this.flushing = (async () => {
      for (const projects of chunks) {
        try {
          const { exporting } = await this.rpc.send(Subjects.insights.ingest, { projects });
          // An insights-service from before the list (a rolling update) names none: collect every project.
          this.exporting = Array.isArray(exporting) ? new Set(exporting) : undefined;
          this.prometheus.batches.inc({ result: 'sent' });
        } catch (error) {
          this.prometheus.batches.inc({ result: 'failed' });
          const logs = projects.reduce((sum, project) => sum + project.logs.length, 0);
          const series = projects.reduce((sum, project) => sum + project.series.length, 0);
          this.countDropped({ logs, series });
          const reason = error instanceof Error ? error.message : String(error);
          // An empty batch lost nothing: only the question is repeated at the next flush.
          if (projects.length > 0) this.logger.warn(`Insights telemetry batch dropped: ${reason}`);
          else this.logger.debug(`Insights exporting projects not refreshed: ${reason}`);
        }
      }
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /**
   * After a configuration write through this gateway: the window so far is shipped and the exporting projects
   * asked again before the write is answered, so the caller's next request is collected (or not) as the
   * configuration now says. Other gateway replicas learn it at their next flush.
   */
  async refreshExporting(): Promise<void> {
    await this.flushing;
    await this.flush();
  }

  private countDropped(dropped: Dropped): void {
    if (dropped.series > 0) this.prometheus.dropped.inc({ kind: 'series' }, dropped.series);
    if (dropped.logs > 0) this.prometheus.dropped.inc({ kind: 'logs' }, dropped.logs);
  }
}
