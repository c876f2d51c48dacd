import type { LimitRule, SharedLimit } from './shared-limit.js';

interface Counter {
  /** Points taken here and not yet added to the shared counter. */
  pending: number;
  /** The shared counter's points at the last sync, plus what was added since. */
  consumed: number;
  /** When the shared counter's window ends (epoch ms), as of the last sync. */
  resetAt: number;
}

/**
 * A shared limit for hot paths: `take` decides at once from what this replica knows, never waiting for the
 * database; the points it took are added to the shared counter in one statement per key every `syncMs`
 * (`SharedLimit.add`), which answers the total of all replicas. A replica therefore learns of the others'
 * points within one sync: across R replicas a limit can be exceeded by what they take in one interval.
 * With `syncMs` 0 every point goes to the shared counter before the answer (exact, one statement each).
 */
export class BatchedLimit {
  private readonly counters = new Map<string, Counter>();
  private timer?: NodeJS.Timeout;
  private syncing?: Promise<void>;
  private closed = false;

  constructor(
    private readonly shared: SharedLimit,
    private readonly syncMs: number,
  ) {}

  get rule(): LimitRule {
    return this.shared.rule;
  }

  /** Takes one point; answers the milliseconds to wait when the limit is reached. */
  async take(key: string): Promise<number | undefined> {
    if (this.syncMs === 0) return this.shared.take(key);
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { pending: 0, consumed: 0, resetAt: now + this.rule.durationSeconds * 1000 };
      this.counters.set(key, counter);
    } else if (counter.resetAt <= now) {
      counter.consumed = 0;
      counter.resetAt = now + this.rule.durationSeconds * 1000;
    }
    if (counter.consumed + counter.pending >= this.rule.points) return counter.resetAt - now;
    counter.pending++;
    this.schedule();
    return undefined;
  }

  /** Adds every pending point to the shared counters and learns their totals. */
  async sync(): Promise<void> {
    while (this.syncing) await this.syncing;
    this.syncing = this.syncOnce().finally(() => (this.syncing = undefined));
    await this.syncing;
  }

  /** Stops the timer after a last sync. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.sync();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sync().catch(() => undefined);
    }, this.syncMs);
    this.timer.unref();
  }

  private async syncOnce(): Promise<void> {
    const now = Date.now();
    const work: Array<Promise<void>> = [];
    for (const [key, counter] of this.counters) {
      if (counter.pending === 0) {
        if (counter.resetAt <= now) this.counters.delete(key);
        continue;
      }
      const points = counter.pending;
      counter.pending = 0;
      work.push(
        this.shared.add(key, points).then(
          (state) => {
            counter.consumed = state.consumed;
            counter.resetAt = Date.now() + state.msBeforeNext;
          },
          () => {
            // Not counted anywhere: keep the points for the next sync.
            counter.pending += points;
          },
        ),
      );
    }
    await Promise.all(work);
  }
}
