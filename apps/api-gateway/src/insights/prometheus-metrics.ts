import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { SVC_TIME_BUCKETS } from '@commerce/contracts';

const LABELS = ['http_status', 'endpoint', 'http_method', 'project_key'] as const;

/**
 * The gateway's metrics for operators, across all projects: the svc_* metrics the export sends, plus
 * process and event-loop metrics and the telemetry the gateway had to drop. Cumulative, as Prometheus wants.
 */
export class PrometheusMetrics {
  readonly registry = new Registry<typeof Registry.OPENMETRICS_CONTENT_TYPE>();
  readonly time: Histogram<(typeof LABELS)[number]>;
  readonly responses: Counter<(typeof LABELS)[number]>;
  readonly sentBytes: Counter<(typeof LABELS)[number]>;
  readonly receivedBytes: Counter<(typeof LABELS)[number]>;
  readonly errors: Counter<(typeof LABELS)[number]>;
  readonly dropped: Counter<'kind'>;
  readonly batches: Counter<'result'>;

  constructor() {
    this.registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    const registers = [this.registry];
    this.time = new Histogram({
      name: 'svc_time_sec',
      help: 'Time from the request to the first byte of the response, in seconds',
      labelNames: LABELS,
      buckets: [...SVC_TIME_BUCKETS],
      registers,
    });
    this.responses = new Counter({
      name: 'svc_response_count',
      help: 'Responses',
      labelNames: LABELS,
      registers,
    });
    this.sentBytes = new Counter({
      name: 'svc_sent_bytes',
      help: 'Bytes sent in responses',
      labelNames: LABELS,
      registers,
    });
    this.receivedBytes = new Counter({
      name: 'svc_received_bytes',
      help: 'Bytes received in requests',
      labelNames: LABELS,
      registers,
    });
    this.errors = new Counter({
      name: 'svc_error_count',
      help: 'Requests answered with a 4xx or 5xx status',
      labelNames: LABELS,
      registers,
    });
    this.dropped = new Counter({
      name: 'insights_telemetry_dropped',
      help: 'API metric samples and access-log entries dropped before export (buffer full or insights-service unreachable)',
      labelNames: ['kind'],
      registers,
    });
    this.batches = new Counter({
      name: 'insights_telemetry_batches',
      help: 'Telemetry batches shipped to insights-service, by result (sent, failed)',
      labelNames: ['result'],
      registers,
    });
    collectDefaultMetrics({ register: this.registry });
  }
}
