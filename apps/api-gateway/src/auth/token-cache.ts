import type { Principal } from '@commerce/contracts';
import { LRUCache } from 'lru-cache';

/**
 * Validated tokens, keyed by the token's hash (external tokens by project and hash), trusted for a limited time
 * and never past their expiry. A revocation removes an entry at once and leaves a tombstone, so an answer to a
 * verification that was already in flight cannot put the revoked token back. External tokens the external
 * server called inactive are remembered briefly, sparing it a call per request.
 */
export class TokenCache {
  private readonly cache: LRUCache<string, Principal>;
  private readonly revoked: LRUCache<string, true>;
  private readonly inactive: LRUCache<string, true>;
  /** Counts `clear()` calls. */
  epoch = 0;

  constructor(
    private readonly ttlMs: number,
    max: number,
  ) {
    // Bounded by a count of entries (maxSize, each entry 1), not `max`: with `max` lru-cache allocates storage
    // for every entry up front, about 3.8 MB per cache at the default of 100,000, held even when idle.
    const bound = { maxSize: max, sizeCalculation: () => 1, ttlAutopurge: false };
    this.cache = new LRUCache<string, Principal>(bound);
    this.revoked = new LRUCache<string, true>({ ...bound, ttl: Math.max(ttlMs, 1_000) });
    this.inactive = new LRUCache<string, true>({ ...bound, ttl: Math.max(ttlMs, 1_000) });
  }

  get(key: string): Principal | undefined {
    const principal = this.cache.get(key);
    if (principal && principal.expiresAt * 1000 <= Date.now()) {
      this.cache.delete(key);
      return undefined;
    }
    return principal;
  }

  /**
   * Caches for `ttlMs` (the configured time by default), never past the token's expiry or after a revocation.
   * `epoch` is the cache's epoch when the verification began: an answer that began before a `clear()` is not
   * cached, as it may predate a revocation the cleared entries stood for.
   */
  set(key: string, principal: Principal, ttlMs = this.ttlMs, epoch = this.epoch): void {
    if (this.revoked.has(key) || epoch !== this.epoch) return;
    const ttl = Math.min(ttlMs, principal.expiresAt * 1000 - Date.now());
    if (ttl > 0) this.cache.set(key, principal, { ttl: Math.floor(ttl) });
  }

  delete(key: string): void {
    this.cache.delete(key);
    this.revoked.set(key, true);
  }

  /** Forgets every validated token (revocations may have been missed). */
  clear(): void {
    this.cache.clear();
    this.epoch++;
  }

  markInactive(key: string): void {
    this.inactive.set(key, true);
  }

  isInactive(key: string): boolean {
    return this.inactive.has(key);
  }

  get size(): number {
    return this.cache.size;
  }
}
