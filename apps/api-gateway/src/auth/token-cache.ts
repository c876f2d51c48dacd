import type { Principal } from '@commerce/contracts';
import { LRUCache } from 'lru-cache';

/**
 * Validated tokens, keyed by the token's hash, trusted for a short time and never past their expiry.
 * A revocation event removes an entry at once.
 */
export class TokenCache {
  private readonly cache: LRUCache<string, Principal>;

  constructor(
    private readonly ttlMs: number,
    max: number,
  ) {
    this.cache = new LRUCache<string, Principal>({ max, ttlAutopurge: false });
  }

  get(tokenHash: string): Principal | undefined {
    const principal = this.cache.get(tokenHash);
    if (principal && principal.expiresAt * 1000 <= Date.now()) {
      this.cache.delete(tokenHash);
      return undefined;
    }
    return principal;
  }

  set(principal: Principal): void {
    const untilExpiry = principal.expiresAt * 1000 - Date.now();
    const ttl = Math.min(this.ttlMs, untilExpiry);
    if (ttl > 0) this.cache.set(principal.tokenHash, principal, { ttl });
  }

  delete(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }

  get size(): number {
    return this.cache.size;
  }
}
