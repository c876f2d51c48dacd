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
 * Records every answered request for the insights export and the Prometheus endpoint, off the request path:
 * the response has gone when `observe` runs, and it only updates in-memory counters. Every
 * `INSIGHTS_FLUSH_INTERVAL_MS` the window is shipped to insights-service in a few batched messages.
 */
@Injectable()
export class TelemetryCollector implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TelemetryCollector.name);
  readonly prometheus = new PrometheusMetrics();
  private readonly buffer: TelemetryBuffer;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

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
    await this.flush();
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

    if (!projectKey) return;
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

  /** Ships the current window (one flush at a time); a batch insights-service does not take is dropped. */
  flush(): Promise<void> {
    if (this.flushing || this.buffer.isEmpty) return this.flushing ?? Promise.resolve();
    const chunks = chunkTelemetry(this.buffer.drain(), MAX_MESSAGE_BYTES);
    this.flushing = (async () => {
      for (const projects of chunks) {
        try {
          await this.rpc.send(Subjects.insights.ingest, { projects });
          this.prometheus.batches.inc({ result: 'sent' });
        } catch (error) {
          this.prometheus.batches.inc({ result: 'failed' });
          const logs = projects.reduce((sum, project) => sum + project.logs.length, 0);
          const series = projects.reduce((sum, project) => sum + project.series.length, 0);
          this.countDropped({ logs, series });
          this.logger.warn(
            `Insights telemetry batch dropped: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private countDropped(dropped: Dropped): void {
    if (dropped.series > 0) this.prometheus.dropped.inc({ kind: 'series' }, dropped.series);
    if (dropped.logs > 0) this.prometheus.dropped.inc({ kind: 'logs' }, dropped.logs);
  }
}
