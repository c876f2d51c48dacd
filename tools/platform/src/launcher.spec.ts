import { ConfigError, loadConfig } from '@commerce/config';
import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminCredentials } from './admin-credentials.js';
import { launcherEnv } from './launcher-config.js';

describe(adminCredentials.name, () => {
  it('generates credentials once, keeps them private, and returns the same ones on the next start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-'));
    const first = await adminCredentials(dir, {});
    expect(first.generated).toBe(true);
    expect(first.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stat(path.join(dir, 'admin-client.json'))).mode & 0o777).toBe(0o600);
    expect(await adminCredentials(dir, {})).toEqual(first);
  });

  it('uses configured credentials and writes nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-'));
    const configured = await adminCredentials(dir, { clientId: 'admin-1234', clientSecret: 's'.repeat(32) });
    expect(configured).toEqual({ clientId: 'admin-1234', clientSecret: 's'.repeat(32), generated: false });
    await expect(stat(path.join(dir, 'admin-client.json'))).rejects.toThrow();
  });
});

describe('launcher configuration', () => {
  it('defaults to the embedded mode on port 8080 with project demo', () => {
    expect(loadConfig(launcherEnv, {})).toMatchObject({
      PORT: 8080,
      NATS_URL: undefined,
      DATABASE_URL: undefined,
      COMMERCE_PROJECT_KEY: 'demo',
      DATA_DIR: '.data',
    });
  });

  it('names a bad variable', () => {
    expect(() => loadConfig(launcherEnv, { PORT: 'eighty', COMMERCE_ADMIN_CLIENT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig(launcherEnv, { PORT: 'eighty', COMMERCE_ADMIN_CLIENT_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT[\s\S]*COMMERCE_ADMIN_CLIENT_SECRET/);
    }
  });
});
