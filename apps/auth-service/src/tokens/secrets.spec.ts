import { RandomPool, hashSecret, randomClientId, randomToken, secretMatches } from './secrets.js';

describe('secrets', () => {
  it('draws every token from fresh random bytes, across refills of the pool', () => {
    // 4 KB of pool holds 128 tokens: 1,000 tokens take several refills.
    const tokens = Array.from({ length: 1_000 }, randomToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes client ids of 144 bits in 24 URL-safe characters, none repeated', () => {
    const ids = Array.from({ length: 500 }, randomClientId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('uses tokens and client ids drawn from one pool without sharing bytes', () => {
    const mixed = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? randomClientId() : randomToken()));
    const bytes = mixed.map((text) => Buffer.from(text, 'base64url').toString('hex'));
    expect(new Set(bytes).size).toBe(bytes.length);
  });

  it('keeps no issued bytes in the pool: what it hands out is zeroed there, the rest is not', () => {
    const pool = new RandomPool(64);
    const token = Buffer.from(pool.base64url(32), 'base64url');
    const held = (pool as unknown as { buffer: Buffer }).buffer;
    expect(held.subarray(0, 32).equals(Buffer.alloc(32))).toBe(true);
    expect(held.subarray(0, 32).equals(token)).toBe(false);
    expect(held.subarray(32).equals(Buffer.alloc(32))).toBe(false);
  });

  it('matches a secret against its stored hash only', () => {
    const secret = randomToken();
    expect(secretMatches(secret, hashSecret(secret))).toBe(true);
    expect(secretMatches(`${secret}x`, hashSecret(secret))).toBe(false);
    expect(secretMatches(secret, undefined)).toBe(false);
  });
});
