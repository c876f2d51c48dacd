import { hash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes drawn from a buffer the CSPRNG fills `size` bytes at a time, as Node does for `randomUUID`:
 * one call into OpenSSL per many tokens instead of one per token. Each byte is handed out once and zeroed as
 * it is: the buffer never holds a token that was issued.
 */
export class RandomPool {
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(private readonly size: number) {}

  base64url(length: number): string {
    if (this.offset + length > this.buffer.length) {
      this.buffer = randomFillSync(Buffer.allocUnsafe(Math.max(this.size, length)));
      this.offset = 0;
    }
    const end = this.offset + length;
    const text = this.buffer.toString('base64url', this.offset, end);
    this.buffer.fill(0, this.offset, end);
    this.offset = end;
    return text;
  }
}

/** 4 KB: 128 tokens per refill. */
const pool = new RandomPool(4_096);

/** 256 bits of randomness, URL-safe: access tokens, refresh tokens and generated client secrets. */
export function randomToken(): string {
  return pool.base64url(32);
}

/** A client id: 144 random bits in 24 URL-safe characters. */
export function randomClientId(): string {
  return pool.base64url(18);
}

/**
 * Tokens and secrets are stored only as SHA-256 hashes. They are 256-bit random values (or configured
 * secrets of at least 32 characters), so a fast hash is enough: there is nothing to brute-force.
 */
export function hashSecret(secret: string): string {
  // One-shot `hash`: about 2.5 times cheaper than createHash().update().digest() for a token's size.
  return hash('sha256', secret, 'hex');
}

const DUMMY_HASH = hashSecret(randomToken());

/** Compares a presented secret with a stored hash in constant time; an unknown client costs the same. */
export function secretMatches(presented: string, storedHash: string | undefined): boolean {
  const expected = Buffer.from(storedHash ?? DUMMY_HASH, 'hex');
  const actual = Buffer.from(hashSecret(presented), 'hex');
  return timingSafeEqual(expected, actual) && storedHash !== undefined;
}
