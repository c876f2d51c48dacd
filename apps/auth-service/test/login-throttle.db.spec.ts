import { openDatabase } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import { loadAuthConfig } from '../src/auth.config.js';
import { authMigrations } from '../src/database/migrations/index.js';
import { LoginThrottle, type LoginAttempt } from '../src/tokens/login-throttle.service.js';
import { authDatabase } from './auth-database.js';

/** Two auth-service replicas: each with its own pool to the one database, as two pods have. */
describe('login throttle shared by two replicas', () => {
  let db: DataSource;
  let second: DataSource;
  let close: () => Promise<void>;
  const config = {
    ...loadAuthConfig({}),
    PASSWORD_GRANT_MAX_FAILURES_PER_ACCOUNT_SOURCE: 4,
    PASSWORD_GRANT_MAX_FAILURES_PER_CLIENT_IP: 6,
  };
  let replicas: LoginThrottle[];
  let n = 0;
  const attempt = (overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
    projectKey: 'shop',
    email: `customer-${++n}@example.com`,
    clientId: `client-${n}`,
    remoteAddress: `2001:db8::${n}`,
    ...overrides,
  });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { code?: string; headers?: Record<string, string> }) => error,
    );

  beforeAll(async () => {
    ({ db, close } = await authDatabase());
    const url = (db.options as { url: string }).url;
    second = await openDatabase({ url, schema: 'auth', migrations: authMigrations, poolSize: 2 });
    replicas = [new LoginThrottle(config, db), new LoginThrottle(config, second)];
  });
  afterAll(async () => {
    await second.destroy();
    await close();
  });

  it('counts failed attempts per customer and source across replicas: the fifth is refused on either', async () => {
    const customer = attempt();
    for (let i = 0; i < 4; i++) await replicas[i % 2].begin(customer);
    for (const replica of replicas) {
      const error = await refusal(replica.begin(customer));
      expect(error).toMatchObject({ status: 429, code: 'TooManyRequests' });
      expect(Number(error?.headers?.['Retry-After'])).toBeGreaterThan(0);
    }
    // The e-mail is compared without case; another customer from the same source is not affected.
    await expect(
      replicas[0].begin({ ...customer, email: customer.email.toUpperCase() }),
    ).rejects.toMatchObject({
      code: 'TooManyRequests',
    });
    const { clientId, remoteAddress } = customer;
    await expect(replicas[1].begin({ ...attempt(), clientId, remoteAddress })).resolves.toBeDefined();
  });

  it('never refuses the customer from another source: nobody can lock a customer out', async () => {
    const customer = attempt();
    for (let i = 0; i < 4; i++) await replicas[i % 2].begin(customer);
    await expect(replicas[0].begin(customer)).rejects.toMatchObject({ code: 'TooManyRequests' });
    // Another address with the same client, another client from the same address: other sources.
    const elsewhere = await replicas[1].begin({ ...customer, remoteAddress: '198.51.100.21' });
    await elsewhere.succeeded();
    await expect(replicas[0].begin({ ...customer, clientId: 'another-client' })).resolves.toBeDefined();
    await expect(replicas[1].begin(customer)).rejects.toMatchObject({ code: 'TooManyRequests' });
  });

  it('counts per source (client and address) across customers and replicas', async () => {
    const source = { clientId: `attacker-${++n}`, remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 6; i++) await replicas[i % 2].begin(attempt(source));
    await expect(replicas[1].begin(attempt(source))).rejects.toMatchObject({ code: 'TooManyRequests' });
    await expect(
      replicas[0].begin(attempt({ ...source, remoteAddress: '203.0.113.10' })),
    ).resolves.toBeDefined();
  });

  it('gives the points back when the attempt succeeds, on every replica', async () => {
    const customer = attempt();
    for (let i = 0; i < 3; i++) await replicas[0].begin(customer);
    const good = await replicas[1].begin(customer);
    await good.succeeded();
    await expect(replicas[0].begin(customer)).resolves.toBeDefined();
    await expect(replicas[1].begin(customer)).rejects.toMatchObject({ code: 'TooManyRequests' });
  });
});
