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
  remoteAddress?: string;
}

/**
 * Brute-force protection of the password grant and sign-in, checked before any password hash is computed:
 * failed attempts are limited per customer e-mail and per API client and remote address within a window.
 * An attempt takes a point of both limits at once (attempts in flight count) and gives them back when it
 * succeeds. The counters are rows of `auth.login_attempts` (rate-limiter-flexible), shared by every
 * replica; should the database be unreachable, each replica counts in memory until it is back.
 */
@Injectable()
export class LoginThrottle {
  private readonly perCustomer: SharedLimit;
  private readonly perClientAddress: SharedLimit;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig, db: DataSource) {
    const durationSeconds = config.PASSWORD_GRANT_WINDOW_SECONDS;
    const table = { client: db, storeType: 'typeorm' as const, schema: 'auth', table: 'login_attempts' };
    this.perCustomer = new SharedLimit(
      'login-customer',
      { points: config.PASSWORD_GRANT_MAX_FAILURES_PER_CUSTOMER, durationSeconds },
      table,
    );
    this.perClientAddress = new SharedLimit(
      'login-client-address',
      { points: config.PASSWORD_GRANT_MAX_FAILURES_PER_CLIENT_IP, durationSeconds },
      table,
    );
  }

  /** Takes a point of both limits, or throws 429 `TooManyRequests` with `Retry-After`. */
  async begin(attempt: LoginAttempt): Promise<{ succeeded(): Promise<void> }> {
    const customerKey = `${attempt.projectKey}\u0000${attempt.storeKey ?? ''}\u0000${attempt.email.toLowerCase()}`;
    const clientKey = `${attempt.clientId}\u0000${attempt.remoteAddress ?? ''}`;
    const customerWait = await this.perCustomer.take(customerKey);
    if (customerWait !== undefined) throw tooManyAttempts(customerWait);
    const clientWait = await this.perClientAddress.take(clientKey);
    if (clientWait !== undefined) {
      await this.perCustomer.giveBack(customerKey);
      throw tooManyAttempts(clientWait);
    }
    return {
      succeeded: async () => {
        await Promise.all([
          this.perCustomer.giveBack(customerKey),
          this.perClientAddress.giveBack(clientKey),
        ]);
      },
    };
  }
}

const tooManyAttempts = (retryAfterMs: number) =>
  Errors.tooManyRequests(retryAfterMs, 'Too many failed sign-in attempts.');
