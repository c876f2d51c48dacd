import { Global, Module } from '@nestjs/common';
import { INSIGHTS_CONFIG, loadInsightsConfig } from './insights.config.js';

/** insights-service's own settings, read and validated once at start. */
@Global()
@Module({
  providers: [{ provide: INSIGHTS_CONFIG, useFactory: () => loadInsightsConfig() }],
  exports: [INSIGHTS_CONFIG],
})
export class InsightsConfigModule {}
