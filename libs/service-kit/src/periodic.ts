import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Runs `task` every `intervalMs` without keeping the process alive; a failed run goes to `onFailure` and the
 * next run comes anyway. Returns the function that stops it (call it on shutdown).
 */
export function runEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => void task().catch(onFailure), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Work a service does now and then while it runs (sweeps, clean-ups): `sweep()` every `intervalMs()` from the
 * application's bootstrap to its shutdown. A failed sweep is logged as a warning naming `what`, and the next
 * one comes anyway; tests call `sweep()` directly.
 */
export abstract class PeriodicJob implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private stop?: () => void;

  /** What a sweep does, for its warning: `sweeping expired tokens`. */
  protected abstract readonly what: string;
  protected abstract intervalMs(): number;
  abstract sweep(): Promise<unknown>;

  onApplicationBootstrap(): void {
    this.stop = runEvery(this.intervalMs(), () => this.sweep(), this.warn);
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  protected readonly warn = (error: unknown): void =>
    this.logger.warn(`${this.what} failed: ${error instanceof Error ? error.message : String(error)}`);
}
