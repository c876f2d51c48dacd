import { createHash } from 'node:crypto';
import pg from 'pg';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { clientToken, createClient, until } from './auth-helpers.js';

/**
 * A gateway that misses the revocation event still stops accepting the token within the bound
 * (docs/CONSISTENCY.md, "Token revocation": 1 s). The token is deleted behind the API's back, as a
 * revocation whose event was lost: no event is published, only the revocation log records it. The check
 * polls with a deadline well below the cache's 30 s; it asserts that the token is refused, not how fast.
 */
async function deleteBehindTheApisBack(token: string): Promise<void> {
  const { databaseUrl } = await platform();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const deleted = await client.query('DELETE FROM "auth"."tokens" WHERE token_hash = $1', [hash]);
    expect(deleted.rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

describe('revocation reaches every gateway within its bound, event or not', () => {
  it('a cached token revoked without an event is refused within the bound', async () => {
    const { projectKey } = await platform();
    const token = await clientToken(await createClient(['view_stores:{pk}']));
    const call = () => http('GET', `/${projectKey}/stores`, { token });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200); // now served from the gateway's cache
    await deleteBehindTheApisBack(token);
    await until(async () => (await call()).status === 401, 5_000);
    // And it stays refused: nothing puts it back.
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(401);
  });
});
