import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { runEvery } from '@commerce/service-kit';
import { DataSource } from 'typeorm';
import { IMPORT_CONFIG, type ImportConfig } from '../config.js';
import { ContainersRepository } from '../containers/containers.repository.js';
import { OperationsRepository } from '../operations/operations.repository.js';

/** Deletes expired containers with all their operations, and operations older than 48 hours. */
@Injectable()
export class ImportCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportCleanup.name);
  private stop?: () => void;

  constructor(
    private readonly db: DataSource,
    private readonly containers: ContainersRepository,
    private readonly operations: OperationsRepository,
    @Inject(IMPORT_CONFIG) private readonly config: ImportConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = runEvery(
      this.config.IMPORT_CLEANUP_INTERVAL_MS,
      () => this.sweep(),
      (error) => this.logger.warn(`import cleanup failed: ${String(error)}`),
    );
  }

  onApplicationShutdown(): void {
    this.stop?.();
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
