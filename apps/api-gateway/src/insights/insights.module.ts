import { Module } from '@nestjs/common';
import { ConfigurationWrittenInterceptor } from './configuration-written.interceptor.js';
import { InsightsConfigurationController } from './insights-configuration.controller.js';
import { MetricsServer } from './metrics-server.js';
import { TelemetryCollector } from './telemetry-collector.js';

@Module({
  controllers: [InsightsConfigurationController],
  providers: [TelemetryCollector, MetricsServer, ConfigurationWrittenInterceptor],
  exports: [TelemetryCollector],
})
export class InsightsModule {}
