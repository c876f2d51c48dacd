import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { platform } from './support/platform.js';

const run = promisify(execFile);

describe("README's first request through the official SDK", () => {
  it('creates a Store and reads it back with examples/first-request.mjs', async () => {
    const { apiUrl, projectKey, clientId, clientSecret } = await platform();
    const root = path.resolve(import.meta.dirname, '..', '..');
    const { stdout } = await run(process.execPath, ['examples/first-request.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        COMMERCE_API_URL: apiUrl,
        COMMERCE_PROJECT_KEY: projectKey,
        COMMERCE_CLIENT_ID: clientId,
        COMMERCE_CLIENT_SECRET: clientSecret,
      },
    });
    const [, key] = /Created Store '([^']+)'/.exec(stdout) ?? [];
    expect(key).toMatch(/^store-\d+$/);
    expect(stdout).toContain(`the newest: ${key}`);
  });
});
