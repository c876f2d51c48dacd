import type { ImportOutcome, RequestContext } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { IMPORT_CONFIG, type ImportConfig } from '../config.js';
import { IMPORTERS, type Importer, type ImportedResource } from '../importers/importers.js';
import { OperationsRepository, type ClaimedOperation } from '../operations/operations.repository.js';

/** Failures not caused by the operation (a service did not answer) tolerated before it is `rejected`. */
export const MAX_FAILURES = 8;

/**
 * Groups claimed operations by project, resource type, group key and importer: each group is one write of
 * the owner (a product's prices, an order).
 */
export function groupsOf(claimed: ClaimedOperation[]): ClaimedOperation[][] {
  const groups = new Map<string, ClaimedOperation[]>();
  for (const operation of claimed) {
    const key = JSON.stringify([
      operation.project_key,
      operation.resource_type,
      operation.product_key,
      operation.actor,
    ]);
    groups.set(key, [...(groups.get(key) ?? []), operation]);
  }
  return [...groups.values()];
}

/** Runs `work` on every item, at most `limit` at once. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/**
 * A worker of this replica: claims due operations from the database (several replicas share the work), asks
 * the owner to write each group (catalog-service a product's prices in one update, checkout-service an
 * order), and records the outcomes. Nothing is held only in memory: a claim is a lease in the table, so when
 * this process dies its operations become due again, and writing again changes nothing (a price is found by
 * its key, an order by its number).
 */
@Injectable()
export class ImportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportWorker.name);
  private readonly owner = randomUUID();
  private stopped = false;
  private pending = false;
  private wakeUp?: () => void;
  private loop?: Promise<void>;

  constructor(
    private readonly db: DataSource,
    private readonly operations: OperationsRepository,
    private readonly rpc: RpcClient,
    @Inject(IMPORT_CONFIG) private readonly config: ImportConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.loop;
  }

  /** New work is waiting: look now instead of at the next poll. */
  wake(): void {
    this.pending = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let claimed = 0;
      try {
        this.pending = false;
        claimed = await this.runOnce();
      } catch (error) {
        this.logger.warn(`import worker round failed: ${String(error)}`);
      }
      if (claimed < this.config.IMPORT_BATCH_SIZE && !this.pending) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.config.IMPORT_POLL_MS);
      const wake = () => {
        clearTimeout(timer);
        done();
      };
      function done() {
        resolve();
      }
      this.wakeUp = wake;
    });
  }

  /** One round: claim, write per product, record. Returns how many operations were claimed. */
  async runOnce(): Promise<number> {
    const claimed = await this.operations.claim(
      this.db,
      this.owner,
      this.config.IMPORT_BATCH_SIZE,
      this.config.IMPORT_LEASE_MS,
    );
    await eachLimited(groupsOf(claimed), this.config.IMPORT_CONCURRENCY, (group) => this.importGroup(group));
    return claimed.length;
  }

  private async importGroup(group: ClaimedOperation[]): Promise<void> {
    const [first] = group;
    const ctx: RequestContext = {
      projectKey: first.project_key,
      correlationId: randomUUID(),
      actor: first.actor,
    };
    // The resource column holds what the importer of `resource_type` validated before it was stored.
    const importer = IMPORTERS[first.resource_type] as Importer<ImportedResource>;
    let outcomes: ImportOutcome[];
    try {
      outcomes = await importer.write(
        this.rpc,
        ctx,
        group.map((operation) => ({
          id: operation.id,
          groupKey: operation.product_key,
          createdAt: operation.created_at.toISOString(),
          resource: operation.resource,
        })),
      );
    } catch (error) {
      await this.failed(group, error);
      return;
    }
    await this.operations.complete(this.db, this.owner, outcomes, this.config.IMPORT_UNRESOLVED_RETRY_MS);
  }

  /**
   * A business error for the whole group (4xx) rejects it; anything else (timeout, unreachable, 5xx) is
   * tried again later, with a growing delay, until `MAX_FAILURES`.
   */
  private async failed(group: ClaimedOperation[], error: unknown): Promise<void> {
    const isBusiness = error instanceof ApiError && error.status < 500;
    const exhausted = group.filter((operation) => isBusiness || operation.failures + 1 >= MAX_FAILURES);
    const again = group.filter((operation) => !exhausted.includes(operation));
    if (!isBusiness) this.logger.warn(`import of ${group.length} operations failed: ${String(error)}`);
    const errors =
      error instanceof ApiError
        ? error.errors
        : [
            {
              code: 'Generic',
              message: 'The resource could not be written; the import gave up after retries.',
            },
          ];
    await this.operations.complete(
      this.db,
      this.owner,
      exhausted.map((operation) => ({ operationId: operation.id, state: 'rejected', errors })),
      this.config.IMPORT_UNRESOLVED_RETRY_MS,
    );
    if (again.length > 0) {
      const delay = Math.min(
        this.config.IMPORT_LEASE_MS,
        500 * 2 ** Math.max(...again.map((o) => o.failures)),
      );
      await this.operations.retryLater(
        this.db,
        this.owner,
        again.map((operation) => operation.id),
        delay,
      );
    }
  }
}
