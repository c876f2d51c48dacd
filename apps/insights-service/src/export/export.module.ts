import { Module } from '@nestjs/common';
import { ConfigurationModule } from '../configuration/configuration.module.js';
import { ExportRepository } from './export.repository.js';
import { ExportService } from './export.service.js';
import { TelemetryController } from './telemetry.controller.js';

@Module({
  imports: [ConfigurationModule],
  controllers: [TelemetryController],
  providers: [ExportRepository, ExportService],
})
export class ExportModule {}
