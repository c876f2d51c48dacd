import { LRUCache } from 'lru-cache';

export interface Slot {
  key: string;
  at: number;
}

/**
 * Counts events per key within a sliding window, in memory (so per service replica). `acquire` takes a slot
 * before the work it guards: attempts still in flight count too, so a parallel burst cannot outrun the limit.
 * The number of keys is bounded; the least recently seen are forgotten first.
 */
export class SlidingWindow {
  private readonly events: LRUCache<string, number[]>;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.events = new LRUCache<string, number[]>({ max: maxKeys });
  }

  /** A slot, or the milliseconds until one frees up. */
  acquire(key: string): { slot: Slot } | { retryAfterMs: number } {
    const now = this.now();
    const recent = (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.events.set(key, recent);
      return { retryAfterMs: Math.max(1, recent[0] + this.windowMs - now) };
    }
    recent.push(now);
    this.events.set(key, recent);
    return { slot: { key, at: now } };
  }

  /** Gives a slot back: the guarded attempt succeeded, so it does not count. */
  release(slot: Slot): void {
    const recent = this.events.get(slot.key);
    if (!recent) return;
    const index = recent.indexOf(slot.at);
    if (index >= 0) recent.splice(index, 1);
  }
}
