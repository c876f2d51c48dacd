import { Errors } from '@commerce/errors';
import { SharedLimit } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';

export interface LoginAttempt {
  projectKey: string;
  storeKey?: string;
  email: string;
  clientId: string;
  /** The client's address as the gateway saw it (its `TRUST_PROXY` setting respected). */
  remoteAddress?: string;
}

/**
 * Brute-force protection of the password grant and sign-in, checked before any password hash is computed
 * (docs/SECURITY.md, "Sign-in throttle"): failed attempts are limited per account and source together, and
 * per source. A source is the API client and the client's address together, so failures from one source
 * never refuse the right password from another: nobody can lock a customer out. An attempt
 * takes a point of both limits at once (attempts in flight count) and gives them back when it succeeds. The
 * counters are rows of `auth.login_attempts` (rate-limiter-flexible), shared by every replica; should the
 * database be unreachable, each replica counts in memory until it is back.
 */
@Injectable()
export class LoginThrottle {
  private readonly perAccountSource: SharedLimit;
  private readonly perSource: SharedLimit;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig, db: DataSource) {
    const durationSeconds = config.PASSWORD_GRANT_WINDOW_SECONDS;
    const table = { client: db, storeType: 'typeorm' as const, schema: 'auth', table: 'login_attempts' };
    this.perAccountSource = new SharedLimit(
      'login-account-source',
      { points: config.PASSWORD_GRANT_MAX_FAILURES_PER_ACCOUNT_SOURCE, durationSeconds },
      table,
    );
    this.perSource = new SharedLimit(
      'login-source',
      { points: config.PASSWORD_GRANT_MAX_FAILURES_PER_CLIENT_IP, durationSeconds },
      table,
    );
  }

  /** Takes a point of both limits, or throws 429 `TooManyRequests` with `Retry-After`. */
  async begin(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }> {
    const source = `${attempt.clientId}\u0000${attempt.remoteAddress ?? ''}`;
    const accountKey = `${attempt.projectKey}\u0000${attempt.storeKey ?? ''}\u0000${attempt.email.toLowerCase()}\u0000${source}`;
    const accountWait = await this.perAccountSource.take(accountKey);
    if (accountWait !== undefined) throw tooManyAttempts(accountWait);
    const sourceWait = await this.perSource.take(source);
    if (sourceWait !== undefined) {
      await this.perAccountSource.giveBack(accountKey);
      throw tooManyAttempts(sourceWait);
    }
    return {
      succeeded: async () => {
        await Promise.all([this.perAccountSource.giveBack(accountKey), this.perSource.giveBack(source)]);
      },
    };
  }
}

const tooManyAttempts = (retryAfterMs: number) =>
  Errors.tooManyRequests(retryAfterMs, 'Too many failed sign-in attempts.');
