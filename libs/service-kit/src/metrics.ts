import { Registry } from 'prom-client';

/**
 * The Prometheus metrics the apps of this process keep about their own work (subscription deliveries, ...),
 * in OpenMetrics text. A service serves them as `GET /metrics` on its probe port (`HEALTH_PORT`); the
 * gateway adds them to its scrape endpoint (`METRICS_PORT`), which in the all-in-one mode is every app's.
 * Process and Node.js metrics are the gateway's own (docs/OBSERVABILITY.md).
 */
export const processMetrics = new Registry<typeof Registry.OPENMETRICS_CONTENT_TYPE>();
processMetrics.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
