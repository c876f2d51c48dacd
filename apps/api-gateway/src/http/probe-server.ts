import { Readiness, failingChecks } from '@commerce/service-kit';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import http from 'node:http';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/**
 * The gateway's probe port (`HEALTH_PORT`, 8081 in Kubernetes), never routed by the ingress: `/health`, and
 * `/ready` with every dependency by name, as each service answers on its own `HEALTH_PORT`. The API port
 * answers both with the status only (service-kit `HealthController`). None when `HEALTH_PORT` is 0 or the API
 * port itself. It closes last, at shutdown, so that the probes see 503 while the gateway drains.
 */
@Injectable()
export class ProbeServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProbeServer.name);
  private server: http.Server | undefined;

  constructor(
    private readonly readiness: Readiness,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    const port = this.config.HEALTH_PORT;
    if (port === 0 || port === this.config.PORT) return;
    this.server = http.createServer((request, response) => {
      const path = request.method === 'GET' ? request.url?.split('?')[0] : undefined;
      if (path === '/health') return void json(response, 200, { status: 'ok' });
      if (path !== '/ready') return void json(response, 404, { status: 'not found' });
      this.readiness.report().then(
        (report) => {
          if (report.status !== 'ok') this.logger.warn(`Not ready: ${failingChecks(report)}`);
          json(response, report.status === 'ok' ? 200 : 503, report);
        },
        () => json(response, 503, { status: 'unavailable' }),
      );
    });
    this.server.on('error', (error) =>
      this.logger.error(`The probe port could not listen on ${port}: ${error.message}`),
    );
    this.server.listen(port, this.config.HOST);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function json(response: http.ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
