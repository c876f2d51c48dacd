import { Inject, Injectable } from '@nestjs/common';
import { PeriodicJob } from '@commerce/service-kit';
import { DataSource } from 'typeorm';
import { IMPORT_CONFIG, type ImportConfig } from '../config.js';
import { ContainersRepository } from '../containers/containers.repository.js';
import { OperationsRepository } from '../operations/operations.repository.js';

/** Deletes expired containers with all their operations, and operations older than 48 hours. */
@Injectable()
export class ImportCleanup extends PeriodicJob {
  protected readonly what = 'import cleanup';

  constructor(
    private readonly db: DataSource,
    private readonly containers: ContainersRepository,
    private readonly operations: OperationsRepository,
    @Inject(IMPORT_CONFIG) private readonly config: ImportConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.IMPORT_CLEANUP_INTERVAL_MS;
  }

  async sweep(): Promise<{ containers: number; operations: number }> {
    const containers = await this.db.transaction(async (tx) => {
      const expired = await this.containers.deleteExpired(tx);
      for (const { project_key, key } of expired)
        await this.operations.deleteOfContainer(tx, project_key, key);
      return expired.length;
    });
    const operations = await this.operations.deleteExpired(this.db);
    return { containers, operations };
  }
}
