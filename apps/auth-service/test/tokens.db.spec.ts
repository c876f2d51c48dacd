import type { DataSource } from 'typeorm';
import type { ApiClientRecord } from '../src/api-clients/api-client.record.js';
import { ApiClientsRepository } from '../src/api-clients/api-clients.repository.js';
import { loadAuthConfig } from '../src/auth.config.js';
import { hashSecret } from '../src/tokens/secrets.js';
import { TokenIssuer } from '../src/tokens/token-issuer.service.js';
import { TokenRevocationLog } from '../src/tokens/token-revocation-log.js';
import { TokensRepository } from '../src/tokens/tokens.repository.js';
import { authDatabase } from './auth-database.js';

/** A client stored with its project: a token references its client. */
async function storedClient(
  db: DataSource,
  id: string,
  projectKey: string,
  overrides: Partial<ApiClientRecord> = {},
): Promise<ApiClientRecord> {
  const record = client(id, projectKey, overrides);
  await db.query(
    `INSERT INTO "auth"."projects" (key, version, created_at, doc) VALUES ($1, 1, now(), '{}') ON CONFLICT DO NOTHING`,
    [projectKey],
  );
  await new ApiClientsRepository(db).insert(record);
  return record;
}

function client(id: string, projectKey: string, overrides: Partial<ApiClientRecord> = {}): ApiClientRecord {
  return {
    id,
    projectKey,
    name: id,
    scope: `manage_project:${projectKey}`,
    secretHash: hashSecret('secret'),
    createdAt: new Date(),
    lastUsedAt: null,
    accessTokenValiditySeconds: null,
    refreshTokenValiditySeconds: null,
    deleteAt: null,
    ...overrides,
  };
}

/** Polls, with a deadline, until a session of this database waits for a lock. */
async function lockWaiter(db: DataSource): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [{ n }] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (n > 0) return;
    if (Date.now() > deadline) throw new Error('no session waits for a lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('refresh tokens against PostgreSQL', () => {
  let db: DataSource;
  let close: () => Promise<void>;
  let tokens: TokensRepository;
  const issuer = (max: number) =>
    new TokenIssuer(db, tokens, { ...loadAuthConfig({}), REFRESH_TOKENS_MAX_PER_PROJECT: max });

  beforeAll(async () => {
    ({ db, close } = await authDatabase());
    tokens = new TokensRepository(db);
  });
  afterAll(() => close());

  it('keeps at most the configured number per project, deleting the least recently used', async () => {
    const shop = await storedClient(db, 'shop-client', 'limited');
    const other = await storedClient(db, 'other-client', 'unlimited');
    const first = await issuer(3).issueWithRefreshToken({ client: shop, scopes: ['manage_project:limited'] });
    await issuer(3).issueWithRefreshToken({ client: other, scopes: ['manage_project:unlimited'] });
    const second = await issuer(3).issueWithRefreshToken({
      client: shop,
      scopes: ['manage_project:limited'],
    });
    const third = await issuer(3).issueWithRefreshToken({ client: shop, scopes: ['manage_project:limited'] });
    // The first is used again, so the second is now the least recently used.
    expect(await tokens.useRefreshToken(hashSecret(first.refresh_token!), shop.id, 60)).toBeDefined();
    const fourth = await issuer(3).issueWithRefreshToken({
      client: shop,
      scopes: ['manage_project:limited'],
    });

    expect(await tokens.countRefreshTokens('limited')).toBe(3);
    expect(await tokens.countRefreshTokens('unlimited')).toBe(1);
    const alive = async (token: string) =>
      (await tokens.findActive(hashSecret(token), 'refresh')) !== undefined;
    expect(await alive(second.refresh_token!)).toBe(false);
    for (const kept of [first, third, fourth]) expect(await alive(kept.refresh_token!)).toBe(true);
    // Its access token outlives an evicted refresh token: eviction only limits renewals.
    expect(await tokens.findActive(hashSecret(second.access_token), 'access')).toBeDefined();
  });

  it('restarts the validity on use, and refuses another client, a revoked or an expired token', async () => {
    const shop = await storedClient(db, 'c1', 'p1', { refreshTokenValiditySeconds: 30 });
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p1'] });
    const hash = hashSecret(issued.refresh_token!);
    const before = (await tokens.findActive(hash, 'refresh'))!.expiresAt.getTime();
    const used = await tokens.useRefreshToken(hash, 'c1', 3_600);
    expect(used!.expiresAt.getTime()).toBeGreaterThan(before + 3_000_000);
    expect(await tokens.useRefreshToken(hash, 'someone-else', 3_600)).toBeUndefined();

    await db.query(
      `UPDATE "auth"."tokens" SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hash],
    );
    expect(await tokens.useRefreshToken(hash, 'c1', 3_600)).toBeUndefined();
  });

  it('revokes a refresh token together with the access tokens issued with it', async () => {
    const shop = await storedClient(db, 'c2', 'p2');
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p2'] });
    const refreshHash = hashSecret(issued.refresh_token!);
    const renewed = (await issuer(100).issueInFamily(
      { client: shop, scopes: ['view_stores:p2'] },
      refreshHash,
    ))!;
    const unrelated = await issuer(100).issueAccessToken({ client: shop, scopes: ['view_stores:p2'] });

    const revoked = await tokens.deleteFamily((await tokens.findActive(refreshHash))!);
    expect(revoked.sort()).toEqual(
      [hashSecret(issued.access_token), hashSecret(renewed.access_token)].sort(),
    );
    expect(await tokens.findActive(refreshHash)).toBeUndefined();
    expect(await tokens.findActive(hashSecret(unrelated.access_token))).toBeDefined();
    expect(await tokens.countRefreshTokens('p2')).toBe(0);
  });

  it('mints nothing into a family revoked before the grant wrote its token', async () => {
    const shop = await storedClient(db, 'c7', 'p7');
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p7'] });
    const refreshHash = hashSecret(issued.refresh_token!);
    await tokens.deleteFamily((await tokens.findActive(refreshHash))!);
    expect(
      await issuer(100).issueInFamily({ client: shop, scopes: ['view_stores:p7'] }, refreshHash),
    ).toBeUndefined();
    const [{ n }] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM "auth"."tokens" WHERE refresh_token_hash = $1`,
      [refreshHash],
    );
    expect(n).toBe(0);
  });

  it('a revocation waits for a grant writing into the family and deletes its token too', async () => {
    const shop = await storedClient(db, 'c8', 'p8');
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p8'] });
    const refreshHash = hashSecret(issued.refresh_token!);
    const refresh = (await tokens.findActive(refreshHash))!;
    // A grant under way: its token is written (holding the refresh token's row) but not yet committed.
    const grant = db.createQueryRunner();
    await grant.connect();
    await grant.startTransaction();
    const racing = hashSecret('racing-access-token');
    await grant.query(
      `INSERT INTO "auth"."tokens" (token_hash, kind, project_key, client_id, scope, expires_at, created_at,
         last_used_at, refresh_token_hash)
       SELECT $1, 'access', 'p8', 'c8', 'view_stores:p8', now() + interval '1 hour', now(), now(), r.token_hash
       FROM "auth"."tokens" r WHERE r.token_hash = $2 FOR KEY SHARE OF r`,
      [racing, refreshHash],
    );
    const revocation = tokens.deleteFamily(refresh);
    // The revocation is under way and waits for the grant's lock before the grant commits.
    await lockWaiter(db);
    await grant.commitTransaction();
    await grant.release();
    expect((await revocation).sort()).toEqual([hashSecret(issued.access_token), racing].sort());
    expect(await tokens.findActive(racing)).toBeUndefined();
  });

  it('claims an anonymous id once per project', async () => {
    const now = new Date();
    expect(await tokens.claimAnonymousId(db, 'p3', 'anon-1', now)).toBe(true);
    expect(await tokens.claimAnonymousId(db, 'p3', 'anon-1', now)).toBe(false);
    expect(await tokens.claimAnonymousId(db, 'p4', 'anon-1', now)).toBe(true);
  });

  it('sweeps expired tokens and keeps the counts exact', async () => {
    const shop = await storedClient(db, 'c5', 'p5');
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p5'] });
    await db.query(
      `UPDATE "auth"."tokens" SET expires_at = now() - interval '1 second' WHERE project_key = 'p5'`,
    );
    expect(await tokens.deleteExpired(1_000)).toBeGreaterThanOrEqual(2);
    expect(await tokens.findActive(hashSecret(issued.access_token))).toBeUndefined();
    expect(await tokens.countRefreshTokens('p5')).toBe(0);
  });

  it('logs every access token deleted before its expiry, in order, and nothing the sweeper removes', async () => {
    const log = new TokenRevocationLog(db);
    const start = await log.after(undefined);
    const shop = await storedClient(db, 'c6', 'p6');
    const issued = await issuer(100).issueWithRefreshToken({ client: shop, scopes: ['view_stores:p6'] });
    const plain = await issuer(100).issueAccessToken({ client: shop, scopes: ['view_stores:p6'] });
    const expiring = await issuer(100).issueAccessToken({ client: shop, scopes: ['view_stores:p6'] });
    await db.query(
      `UPDATE "auth"."tokens" SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashSecret(expiring.access_token)],
    );
    await tokens.deleteExpired(1_000);
    // Concurrent revocations: the positions still come out one after the other.
    await Promise.all([
      tokens.deleteFamily((await tokens.findActive(hashSecret(issued.refresh_token!)))!),
      tokens.deleteFamily((await tokens.findActive(hashSecret(plain.access_token)))!),
    ]);
    const page = await log.after(start.cursor);
    expect(page).toMatchObject({ cursor: start.cursor + 2, more: false, complete: true });
    expect(page.tokenHashes.sort()).toEqual(
      [hashSecret(issued.access_token), hashSecret(plain.access_token)].sort(),
    );
    expect(await log.after(page.cursor)).toEqual({
      cursor: page.cursor,
      tokenHashes: [],
      more: false,
      complete: true,
    });
    // Entries past the retention are pruned; a reader still behind them is told it missed some.
    await db.query(`UPDATE "auth"."token_revocations" SET revoked_at = now() - interval '1 day'`);
    expect(await log.prune()).toBeGreaterThanOrEqual(2);
    expect((await log.after(start.cursor)).complete).toBe(false);
    expect((await log.after(page.cursor)).complete).toBe(true);
  });
});
