import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { createClient, oauth, revoke, type Client } from './auth-helpers.js';

/**
 * Revocation wins over refresh grants racing it (docs/CONSISTENCY.md, "Token revocation"): once the revoke
 * of a refresh token has answered, no access token of its family authenticates, including tokens minted by
 * a refresh grant that raced the revoke and tokens the gateway has cached meanwhile.
 */
const FAMILIES = 30;
/** Families raced at once. */
const PARALLEL = 5;
/** Refresh grant loops per family, racing the revoke. */
const LOOPS = 3;

interface Family {
  tokens: string[];
  /** Requests that began after the revoke answered and were still served. */
  servedAfterRevoke: number;
  /** Refresh grants that succeeded, the first one included. */
  grants: number;
}

async function raceFamily(shop: Client, projectKey: string): Promise<Family> {
  const session = await oauth(shop, `/oauth/${projectKey}/anonymous/token`, {
    grant_type: 'client_credentials',
  });
  expect(session.status).toBe(200);
  const family: Family = { tokens: [session.body.access_token], servedAfterRevoke: 0, grants: 0 };
  let revoked = false;
  const use = async (token: string) => {
    const after = revoked;
    const status = (await http('GET', `/${projectKey}/stores`, { token })).status;
    if (after && status === 200) family.servedAfterRevoke++;
    return status;
  };
  const refresh = () =>
    oauth(shop, '/oauth/token', { grant_type: 'refresh_token', refresh_token: session.body.refresh_token });
  // Warm the gateway's cache with the session's first token.
  expect(await use(session.body.access_token)).toBe(200);
  let firstGrant!: () => void;
  const granted = new Promise<void>((resolve) => (firstGrant = resolve));
  const loop = async () => {
    for (;;) {
      const response = await refresh();
      if (response.status !== 200) {
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('invalid_grant');
        return;
      }
      family.grants++;
      family.tokens.push(response.body.access_token);
      firstGrant();
      // Used at once, so the gateway caches it while the revoke is under way.
      await use(response.body.access_token);
    }
  };
  const revocation = (async () => {
    await granted;
    const response = await revoke(shop, session.body.refresh_token, 'refresh_token');
    expect(response.status).toBe(200);
    revoked = true;
  })();
  await Promise.all([revocation, ...Array.from({ length: LOOPS }, loop)]);
  return family;
}

describe('revoking a refresh token while refresh grants of its family race it', () => {
  it(`leaves no working token of the family once the revoke answered (${FAMILIES} families)`, async () => {
    const { projectKey } = await platform();
    const shop = await createClient(['create_anonymous_token:{pk}', 'view_stores:{pk}']);
    const families: Family[] = [];
    for (let i = 0; i < FAMILIES; i += PARALLEL) {
      families.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(PARALLEL, FAMILIES - i) }, () => raceFamily(shop, projectKey)),
        )),
      );
    }
    // Every family had grants under way around its revoke.
    expect(families.every((family) => family.grants > 0)).toBe(true);
    const working: string[] = [];
    for (const family of families) {
      for (const token of family.tokens) {
        if ((await http('GET', `/${projectKey}/stores`, { token })).status !== 401) working.push(token);
      }
    }
    expect({
      working: working.length,
      servedAfterRevoke: families.reduce((sum, family) => sum + family.servedAfterRevoke, 0),
    }).toEqual({ working: 0, servedAfterRevoke: 0 });
  });
});
