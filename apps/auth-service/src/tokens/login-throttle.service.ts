import { ApiError } from '@commerce/errors';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config.js';
import { SlidingWindow, type Slot } from './sliding-window.js';

export interface LoginAttempt {
  projectKey: string;
  storeKey?: string;
  email: string;
  clientId: string;
  remoteAddress?: string;
}

/**
 * Brute-force protection of the password grant, checked before any password hash is computed: failed attempts
 * are limited per customer e-mail and per API client and remote address within a sliding window. Counters are
 * in memory, so each auth-service replica keeps its own.
 */
@Injectable()
export class LoginThrottle {
  private readonly perCustomer: SlidingWindow;
  private readonly perClientAddress: SlidingWindow;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    const windowMs = config.PASSWORD_GRANT_WINDOW_SECONDS * 1000;
    this.perCustomer = new SlidingWindow(config.PASSWORD_GRANT_MAX_FAILURES_PER_CUSTOMER, windowMs);
    this.perClientAddress = new SlidingWindow(config.PASSWORD_GRANT_MAX_FAILURES_PER_CLIENT_IP, windowMs);
  }

  /** Takes a slot in both windows, or throws 429 `TooManyRequests` with `Retry-After`. */
  begin(attempt: LoginAttempt): { succeeded(): void } {
    const customerKey = `${attempt.projectKey}\u0000${attempt.storeKey ?? ''}\u0000${attempt.email.toLowerCase()}`;
    const clientKey = `${attempt.clientId}\u0000${attempt.remoteAddress ?? ''}`;
    const customer = this.perCustomer.acquire(customerKey);
    if ('retryAfterMs' in customer) throw tooManyAttempts(customer.retryAfterMs);
    const client = this.perClientAddress.acquire(clientKey);
    if ('retryAfterMs' in client) {
      this.perCustomer.release(customer.slot);
      throw tooManyAttempts(client.retryAfterMs);
    }
    const slots: Slot[] = [customer.slot, client.slot];
    return {
      succeeded: () => {
        this.perCustomer.release(slots[0]);
        this.perClientAddress.release(slots[1]);
      },
    };
  }
}

function tooManyAttempts(retryAfterMs: number): ApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new ApiError(
    {
      code: 'TooManyRequests',
      message: `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
    },
    { 'Retry-After': String(seconds) },
  );
}
