import { Handles } from '@commerce/messaging';
import { Subjects } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ExportRepository } from './export.repository.js';
import { parseTelemetryBatch } from './telemetry-batch.js';

@Controller()
export class TelemetryController {
  constructor(private readonly exports: ExportRepository) {}

  /** A gateway's batch: kept for the projects with an active configuration until their next export. */
  @Handles(Subjects.insights.ingest)
  async ingest(@Payload() batch: unknown): Promise<{ stored: number }> {
    return { stored: await this.exports.store(parseTelemetryBatch(batch)) };
  }
}
