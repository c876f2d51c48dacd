import { deadlineOf } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { MessageHandler } from '@nestjs/microservices';
import { finalize, isObservable, throwError } from 'rxjs';

/**
 * The messages this process is working on (requests and events). A service that stops leaves its queue group
 * first, then waits here until the work it took is answered, then closes its connections.
 */
class InFlightWork {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  started(): void {
    this.count += 1;
  }

  finished(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count > 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves true once nothing is in flight, false if `timeoutMs` passes first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }
}

export const inFlightWork = new InFlightWork();

/** True once the request's deadline (if it carries one) has passed: nobody waits for its answer any more. */
export function pastDeadline(deadline: number | undefined, now = Date.now()): boolean {
  return deadline !== undefined && now >= deadline;
}

/**
 * Called right before a write commits: a request whose caller stopped waiting is dropped with nothing written
 * (504 `GatewayTimeout`, outcome `not-applied`), so a 504 at the gateway never hides a later commit.
 */
export function assertBeforeDeadline(ctx: { deadline?: number } | undefined, service?: string): void {
  if (pastDeadline(ctx?.deadline)) throw Errors.deadlineExceeded(service);
}

/**
 * A listener's handler of `service` (NATS and the all-in-one bus alike): the message is counted while in
 * flight (for draining at shutdown), and a request that arrives past its deadline is answered at once, with
 * nothing done, with the wire error the exception filter would have made of it.
 */
export function trackedHandler(service: string, handler: MessageHandler): MessageHandler {
  const tracked = async (data: unknown, context?: unknown): Promise<unknown> => {
    if (pastDeadline(deadlineOf(data))) {
      return throwError(() => Errors.deadlineExceeded(service).toWire());
    }
    inFlightWork.started();
    let result: unknown;
    try {
      result = await handler(data, context);
    } catch (error) {
      inFlightWork.finished();
      throw error;
    }
    if (isObservable(result)) return result.pipe(finalize(() => inFlightWork.finished()));
    inFlightWork.finished();
    return result;
  };
  return tracked as MessageHandler;
}
