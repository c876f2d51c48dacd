import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { processMetrics } from '@commerce/service-kit';
import http from 'node:http';
import { Registry } from 'prom-client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { TelemetryCollector } from './telemetry-collector.js';

/**
 * The Prometheus scrape endpoint, `GET /metrics` in OpenMetrics text, on its own port (`METRICS_PORT`), never
 * on the public API port: the gateway's metrics and the process's (`processMetrics`). A port that can not be bound is logged; the gateway serves the API regardless.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MetricsServer.name);
  private server: http.Server | undefined;

  constructor(
    private readonly collector: TelemetryCollector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.METRICS_PORT === 0) return;
    const own = this.collector.prometheus.registry;
    this.server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      // With the metrics of the process's apps (subscription deliveries: every service's in the all-in-one mode),
      // merged at each scrape: an app of the process may register its metrics after this server started.
      // (Both are OpenMetrics registries; merge's declared type only knows the default one.)
      const registry = Registry.merge([own, processMetrics] as unknown as Registry[]);
      registry
        .metrics()
        .then((text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text))
        .catch(() => response.writeHead(500).end());
    });
    this.server.on('error', (error) =>
      this.logger.error(
        `The metrics endpoint could not listen on port ${this.config.METRICS_PORT}: ${error.message}`,
      ),
    );
    this.server.listen(this.config.METRICS_PORT, this.config.HOST);
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
