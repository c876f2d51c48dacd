import { adminFromEnv, isLoopbackHost } from './api-admin.js';

describe(isLoopbackHost.name, () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['::1', true],
    ['10.0.0.1', false],
    ['128.0.0.1', false],
    ['[::2]', false],
    ['[::ffff:8.8.8.8]', false],
    ['api.example.com', false],
    ['localhost.example.com', false],
  ])('%s -> %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});

describe(adminFromEnv.name, () => {
  const credentials = { COMMERCE_ADMIN_CLIENT_ID: 'admin-id', COMMERCE_ADMIN_CLIENT_SECRET: 'x'.repeat(32) };

  it('sends credentials over https, or over http to this machine only', async () => {
    await expect(
      adminFromEnv({ ...credentials, COMMERCE_API_URL: 'https://api.example.com/' }),
    ).resolves.toEqual({
      apiUrl: 'https://api.example.com',
      projectKey: 'demo',
      clientId: 'admin-id',
      clientSecret: 'x'.repeat(32),
    });
    await expect(
      adminFromEnv({ ...credentials, COMMERCE_API_URL: 'http://[::1]:8080' }),
    ).resolves.toMatchObject({
      apiUrl: 'http://[::1]:8080',
    });
    await expect(adminFromEnv({ ...credentials, COMMERCE_API_URL: 'http://10.1.2.3:8080' })).rejects.toThrow(
      'must be https',
    );
  });

  it('names the missing credentials file', async () => {
    await expect(adminFromEnv({ DATA_DIR: '/nonexistent' })).rejects.toThrow(
      'no admin credentials: set COMMERCE_ADMIN_CLIENT_ID/_SECRET, or DATA_DIR (no /nonexistent/admin-client.json)',
    );
  });
});
