import { Subjects, type Principal, type TokenRevocationsPage } from '@commerce/contracts';
import { REVOCATION_BOUND_MS, RevocationFeed, type RevocationSource } from './revocation-feed.js';
import { TokenCache } from './token-cache.js';

const principal = (tokenHash: string): Principal => ({
  projectKey: 'demo',
  clientId: 'c1',
  scopes: ['view_stores:demo'],
  expiresAt: Math.floor(Date.now() / 1000) + 3_600,
  tokenHash,
});

/** auth-service's revocation log in memory: entries after a position, a retention, and an outage switch. */
class Log implements RevocationSource {
  entries: string[] = [];
  keptFrom = 1;
  down = false;
  pageSize = 1_000;

  revoke(...hashes: string[]) {
    this.entries.push(...hashes);
  }

  async send<T>(subject: string, payload: { after?: number }): Promise<T> {
    expect(subject).toBe(Subjects.auth.tokenRevocations);
    if (this.down) throw new Error('502 BadGateway');
    const latest = this.entries.length;
    const after = payload.after;
    if (after === undefined) return { cursor: latest, tokenHashes: [], more: false, complete: true } as T;
    const from = Math.max(after, this.keptFrom - 1);
    const page = this.entries.slice(from, from + this.pageSize);
    const more = from + page.length < latest;
    const answer: TokenRevocationsPage = {
      cursor: more ? from + page.length : latest,
      tokenHashes: page,
      more,
      complete: latest <= after || this.keptFrom <= after + 1,
    };
    return answer as T;
  }
}

function setup() {
  let clock = 0;
  const log = new Log();
  const cache = new TokenCache(30_000, 1_000);
  const feed = new RevocationFeed(log, cache, () => clock);
  return { log, cache, feed, advance: (ms: number) => (clock += ms) };
}

describe(RevocationFeed.name, () => {
  it('drops a token revoked in the log, though its event never came', async () => {
    const { log, cache, feed } = setup();
    await feed.sync();
    cache.set('a', principal('a'));
    cache.set('b', principal('b'));
    log.revoke('a');
    expect(await feed.sync()).toBe(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    // A verification that was under way can not put it back.
    cache.set('a', principal('a'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('trusts its cache only within the bound after the last complete read', async () => {
    const { feed, advance } = setup();
    expect(feed.fresh()).toBe(false);
    await feed.sync();
    expect(feed.fresh()).toBe(true);
    advance(REVOCATION_BOUND_MS - 1);
    expect(feed.fresh()).toBe(true);
    advance(1);
    expect(feed.fresh()).toBe(false);
  });

  it('stops trusting its cache while the log does not answer, and applies what it missed when it does', async () => {
    const { log, cache, feed, advance } = setup();
    await feed.sync();
    cache.set('a', principal('a'));
    log.down = true;
    log.revoke('a');
    advance(REVOCATION_BOUND_MS);
    expect(await feed.sync()).toBe(false);
    expect(feed.fresh()).toBe(false);
    log.down = false;
    expect(await feed.sync()).toBe(true);
    expect(feed.fresh()).toBe(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('reads page after page when far behind', async () => {
    const { log, cache, feed } = setup();
    await feed.sync();
    const hashes = Array.from({ length: 25 }, (_, i) => `t${i}`);
    for (const hash of hashes) cache.set(hash, principal(hash));
    log.pageSize = 10;
    log.revoke(...hashes);
    await feed.sync();
    expect(hashes.filter((hash) => cache.get(hash) !== undefined)).toEqual([]);
  });

  it('forgets every cached token on its first read and after a gap in the log', async () => {
    const { log, cache, feed } = setup();
    cache.set('before-first-read', principal('before-first-read'));
    await feed.sync();
    expect(cache.get('before-first-read')).toBeUndefined();
    cache.set('b', principal('b'));
    log.revoke('x', 'y', 'z');
    log.keptFrom = 3; // x and y are no longer kept: what else was revoked is unknown
    await feed.sync();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not cache an answer whose verification began before the cache was cleared', () => {
    const cache = new TokenCache(30_000, 1_000);
    const epoch = cache.epoch;
    cache.clear();
    cache.set('a', principal('a'), undefined, epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', principal('a'));
    expect(cache.get('a')).toBeDefined();
  });

  it('catches up at once, within the bound: what the log holds now is out of the cache when it returns', async () => {
    const { log, cache, feed, advance } = setup();
    await feed.sync();
    cache.set('a', principal('a'));
    cache.set('b', principal('b'));
    advance(REVOCATION_BOUND_MS / 2); // still fresh: the poll would not have read the log yet
    log.revoke('a');
    await feed.catchUp();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('forgets every cached token when catching up finds the log away', async () => {
    const { log, cache, feed } = setup();
    await feed.sync();
    cache.set('a', principal('a'));
    log.revoke('a');
    log.down = true;
    await feed.catchUp();
    expect(cache.size).toBe(0);
    expect(feed.fresh()).toBe(true); // the last read is recent, yet nothing stale can be served
  });
});
