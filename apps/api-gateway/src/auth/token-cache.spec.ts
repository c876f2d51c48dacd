import type { Principal } from '@commerce/contracts';
import { TokenCache } from './token-cache.js';

const principal = (tokenHash: string, expiresInSeconds = 3_600): Principal => ({
  projectKey: 'demo',
  clientId: 'c1',
  scopes: ['manage_project:demo'],
  expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
  tokenHash,
});

describe(TokenCache.name, () => {
  it('returns a cached principal', () => {
    const cache = new TokenCache(30_000, 100);
    cache.set('h1', principal('h1'));
    expect(cache.get('h1')?.clientId).toBe('c1');
  });

  it('holds at most its bound of tokens, dropping the least recently used', () => {
    const cache = new TokenCache(30_000, 2);
    cache.set('h1', principal('h1'));
    cache.set('h2', principal('h2'));
    cache.get('h1');
    cache.set('h3', principal('h3'));
    expect([cache.get('h1'), cache.get('h2'), cache.get('h3')].map((p) => p?.tokenHash)).toEqual([
      'h1',
      undefined,
      'h3',
    ]);
  });

  it('never keeps a token past its expiry', () => {
    const cache = new TokenCache(30_000, 100);
    cache.set('expired', principal('expired', -1));
    expect(cache.get('expired')).toBeUndefined();
  });

  it('forgets a revoked token and refuses to cache it again afterwards', () => {
    const cache = new TokenCache(30_000, 100);
    cache.set('h1', principal('h1'));
    cache.delete('h1');
    expect(cache.get('h1')).toBeUndefined();
    // A verification answer that was in flight during the revocation must not put it back.
    cache.set('h1', principal('h1'));
    expect(cache.get('h1')).toBeUndefined();
  });

  it('remembers external tokens found inactive', () => {
    const cache = new TokenCache(30_000, 100);
    expect(cache.isInactive('p\u0000h')).toBe(false);
    cache.markInactive('p\u0000h');
    expect(cache.isInactive('p\u0000h')).toBe(true);
  });
});
