import type { InsightsProviderType } from '@commerce/contracts';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigurationRepository } from '../configuration/configuration.repository.js';
import type { StoredConfiguration, StoredProvider } from '../configuration/stored-configuration.js';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../insights.config.js';
import { SecretKeeper } from '../secrets/secret-keeper.js';
import { ExportRepository, type ProviderHealth } from './export.repository.js';
import type { ExportOptions } from './otlp-exporters.js';
import { mergeTelemetry, type MergedTelemetry } from './telemetry-merge.js';
import { providerTarget } from './provider-targets.js';

/** The wait before a failing provider is tried again: one interval, doubling per failure, up to the maximum. */
export function backoffMs(failures: number, intervalMs: number, maxMs: number): number {
  return Math.min(maxMs, intervalMs * 2 ** Math.min(Math.max(failures - 1, 0), 20));
}

/**
 * Exports each project's metrics and logs once per `INSIGHTS_EXPORT_INTERVAL_MS` to its active providers,
 * off every request path. Replicas share the work through the export schedule (one claim per project and
 * interval). A failing provider is marked invalid and tried again with backoff; what it missed is dropped.
 */
@Injectable()
export class ExportService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExportService.name);
  private readonly options: ExportOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly exports: ExportRepository,
    private readonly configurations: ConfigurationRepository,
    private readonly secrets: SecretKeeper,
  ) {
    this.options = { policy: outboundPolicyFromEnv(), timeoutMillis: config.INSIGHTS_EXPORT_TIMEOUT_MS };
  }

  onApplicationBootstrap(): void {
    const tick = Math.min(this.config.INSIGHTS_EXPORT_INTERVAL_MS, 5_000);
    this.timer = setInterval(() => {
      if (this.running || this.stopped) return;
      this.running = this.exportDue()
        .catch((error: unknown) => this.logger.warn(`Insights export round failed: ${describe(error)}`))
        .finally(() => (this.running = undefined));
    }, tick);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  async exportDue(): Promise<void> {
    const projects = await this.exports.claimDue(this.config.INSIGHTS_EXPORT_INTERVAL_MS);
    for (const projectKey of projects) {
      if (this.stopped) return;
      await this.exportProject(projectKey).catch((error: unknown) =>
        this.logger.warn(`Insights export of project ${projectKey} failed: ${describe(error)}`),
      );
    }
  }

  private async exportProject(projectKey: string): Promise<void> {
    const telemetry = mergeTelemetry(await this.exports.take(projectKey));
    const config = await this.configurations.find(projectKey);
    if (!telemetry || !config?.active) return;
    const health = await this.exports.health(projectKey);
    await Promise.all(
      config.providers
        .filter((provider) => provider.active && (health.get(provider.type)?.due ?? true))
        .map((provider) => this.exportTo(config, provider, telemetry, health.get(provider.type))),
    );
  }

  private async exportTo(
    config: StoredConfiguration,
    provider: StoredProvider,
    telemetry: MergedTelemetry,
    health: ProviderHealth | undefined,
  ): Promise<void> {
    const sendMetrics = provider.eventTypes.includes('Metrics') && telemetry.series.length > 0;
    const sendLogs = provider.eventTypes.includes('Logs') && telemetry.logs.length > 0;
    if (!sendMetrics && !sendLogs) return;
    // The OpenTelemetry SDK's data model and the exporters load on the first export, not at start: most
    // projects export nothing.
    const [{ exportResource, toLogRecords, toResourceMetrics }, { exportOnce, logExporter, metricExporter }] =
      await Promise.all([import('./otel-data.js'), import('./otlp-exporters.js')]);
    try {
      const target = providerTarget(
        provider,
        (sealed) => this.secrets.reveal(sealed, config.projectKey),
        this.config,
      );
      const resource = exportResource(config.projectKey);
      const sends: Array<Promise<void>> = [];
      if (sendMetrics) {
        const metrics = toResourceMetrics(
          config.projectKey,
          telemetry,
          config.additionalAttributes,
          resource,
        );
        sends.push(metricExporter(target, this.options).then((exporter) => exportOnce(exporter, metrics)));
      }
      if (sendLogs) {
        const logs = toLogRecords(config.projectKey, telemetry.logs, config.additionalAttributes, resource);
        sends.push(logExporter(target, this.options).then((exporter) => exportOnce(exporter, logs)));
      }
      await Promise.all(sends);
      await this.exports.recordSuccess(config.projectKey, provider.type);
    } catch (error) {
      await this.recordFailure(config.projectKey, provider.type, health, describe(error));
    }
  }

  private async recordFailure(
    projectKey: string,
    type: InsightsProviderType,
    health: ProviderHealth | undefined,
    reason: string,
  ): Promise<void> {
    const failures = (health?.failures ?? 0) + 1;
    const wait = backoffMs(
      failures,
      this.config.INSIGHTS_EXPORT_INTERVAL_MS,
      this.config.INSIGHTS_EXPORT_MAX_BACKOFF_MS,
    );
    this.logger.warn(
      `Insights export of project ${projectKey} to ${type} failed (${reason}); next try in ${wait} ms.`,
    );
    await this.exports.recordFailure(projectKey, type, reason, wait);
  }
}

/** An error's message only: exporter errors carry no request headers, and nothing else is logged. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
