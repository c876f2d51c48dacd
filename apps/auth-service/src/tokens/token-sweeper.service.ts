import { Inject, Injectable } from '@nestjs/common';
import { PeriodicJob } from '@commerce/service-kit';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';
import { TokenRevocationLog } from './token-revocation-log.js';
import { TokensRepository } from './tokens.repository.js';

const BATCH = 10_000;

/**
 * Deletes expired access and refresh tokens now and then, in batches, and the revocation log's entries past
 * their retention; harmless when replicas overlap.
 */
@Injectable()
export class TokenSweeper extends PeriodicJob {
  protected readonly what = 'sweeping expired tokens';

  constructor(
    private readonly tokens: TokensRepository,
    private readonly revocationLog: TokenRevocationLog,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.TOKEN_SWEEP_INTERVAL_MS;
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
}
