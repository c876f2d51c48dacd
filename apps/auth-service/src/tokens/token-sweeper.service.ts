import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { runEvery } from '@commerce/service-kit';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';
import { TokenRevocationLog } from './token-revocation-log.js';
import { TokensRepository } from './tokens.repository.js';

const BATCH = 10_000;

/**
 * Deletes expired access and refresh tokens now and then, in batches, and the revocation log's entries past
 * their retention; harmless when replicas overlap.
 */
@Injectable()
export class TokenSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TokenSweeper.name);
  private stop?: () => void;

  constructor(
    private readonly tokens: TokensRepository,
    private readonly revocationLog: TokenRevocationLog,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = runEvery(this.config.TOKEN_SWEEP_INTERVAL_MS, () => this.sweep(), this.warn);
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  async sweep(): Promise<number> {
    let total = 0;
    try {
      let deleted: number;
      do {
        deleted = await this.tokens.deleteExpired(BATCH);
        total += deleted;
      } while (deleted === BATCH);
      await this.revocationLog.prune();
    } catch (error) {
      this.warn(error);
    }
    return total;
  }

  private readonly warn = (error: unknown) =>
    this.logger.warn(
      `sweeping expired tokens failed: ${error instanceof Error ? error.message : String(error)}`,
    );
}
