export const INSIGHTS_EVENT_TYPES = ['Logs', 'Metrics'] as const;
export type InsightsEventType = (typeof INSIGHTS_EVENT_TYPES)[number];

export const INSIGHTS_PROVIDER_TYPES = [
  'VendorA',
  'VendorBSaaS',
  'VendorBActiveGate',
  'VendorC',
  'Otlp',
  'OtlpHttp',
] as const;
export type InsightsProviderType = (typeof INSIGHTS_PROVIDER_TYPES)[number];

export const VENDOR_A_REGIONS = ['eu', 'us'] as const;
export type VendorARegion = (typeof VENDOR_A_REGIONS)[number];

export const VENDOR_C_SITES = ['US1', 'US3', 'US5', 'EU1', 'US1-FED', 'AP1'] as const;
export type VendorCSite = (typeof VENDOR_C_SITES)[number];

/** Limits of a configuration (spec: Limits). */
export const INSIGHTS_LIMITS = {
  providers: 5,
  additionalAttributes: 10,
  attributeName: 30,
  attributeValue: 100,
  otlpHeaders: 20,
} as const;

/** The bucket upper bounds of `svc_time_sec`, in seconds (the last bucket is everything above). */
export const SVC_TIME_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One metric series aggregated in the gateway over a flush window. */
export interface TelemetrySeries {
  endpoint: string;
  httpMethod: string;
  httpStatus: number;
  count: number;
  sentBytes: number;
  receivedBytes: number;
  timeSum: number;
  timeMin: number;
  timeMax: number;
  /** Counts per bucket of `SVC_TIME_BUCKETS`, plus one for everything above the last bound. */
  timeBuckets: number[];
}

/** One access-log entry (spec: exported logs); additional attributes are added at export. */
export interface AccessLogEntry {
  correlation_id: string;
  duration: number;
  http_method: string;
  http_status: number;
  http_uri: string;
  http_received_bytes: number;
  http_sent_bytes: number;
  http_useragent: string;
  timestamp: number;
}

/** What the gateway collected for one project in one window. */
export interface ProjectTelemetry {
  projectKey: string;
  /** Epoch milliseconds of the window. */
  startTime: number;
  endTime: number;
  series: TelemetrySeries[];
  logs: AccessLogEntry[];
}

/** The payload of `insights.telemetry.ingest`: one batch from one gateway, many projects (or none). */
export interface TelemetryBatch {
  projects: ProjectTelemetry[];
}

/** The answer to a `TelemetryBatch`. */
export interface TelemetryReceipt {
  /** Projects of the batch whose part was kept. */
  stored: number;
  /**
   * The projects whose telemetry insights-service keeps now (an active configuration): the gateway collects
   * access logs and export series for these only. An empty batch asks for this list alone.
   */
  exporting: string[];
}
