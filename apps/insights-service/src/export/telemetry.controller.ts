import { Handles } from '@commerce/messaging';
import { Subjects, type TelemetryReceipt } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ExportRepository } from './export.repository.js';
import { parseTelemetryBatch } from './telemetry-batch.js';

@Controller()
export class TelemetryController {
  constructor(private readonly exports: ExportRepository) {}

  /**
   * A gateway's batch: kept for the projects with an active configuration until their next export. The
   * answer names those projects, so the gateway collects nothing for the others.
   */
  @Handles(Subjects.insights.ingest)
  async ingest(@Payload() batch: unknown): Promise<TelemetryReceipt> {
    const projects = parseTelemetryBatch(batch);
    const exporting = await this.exports.exportingProjects();
    const stored = await this.exports.store(projects, new Set(exporting));
    return { stored, exporting };
  }
}
