import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { clientToken, createClient } from './auth-helpers.js';

const CLI = fileURLToPath(new URL('../../../tools/platform/dist/cli.js', import.meta.url));

/** `npm run cli -- <args>` against the running platform, with nothing but these variables. */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const projectKey = () => uniqueKey('p');

describe('POST /{projectKey}/projects: the platform admin creates projects', () => {
  it('creates a project whose admin client works at once, answering its secret once', async () => {
    const { projectKey: pk } = await platform();
    const key = projectKey();
    const created = await http('POST', `/${pk}/projects`, {
      token: await adminToken(),
      body: { key, name: 'Second shop', languages: ['en'], countries: ['AT'], currencies: ['EUR'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      project: { key, name: 'Second shop', languages: ['en'], countries: ['AT'], currencies: ['EUR'] },
      adminClient: { id: expect.any(String), secret: expect.any(String), scope: `manage_project:${key}` },
    });
    const { id, secret } = created.body.adminClient;
    const token = await clientToken({ id, secret, scope: '' });
    const project = await http('GET', `/${key}`, { token });
    expect(project.status).toBe(200);
    expect(project.body).toMatchObject({ key, languages: ['en'] });
    // The new project's admin is not the platform's: for it the route does not exist.
    const again = await http('POST', `/${key}/projects`, { token, body: { key: projectKey() } });
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe('ResourceNotFound');
  });

  it('answers 400 for a bad draft or a taken key, 403 without manage_project, 401 without a token', async () => {
    const { projectKey: pk } = await platform();
    const token = await adminToken();
    const bad = await http('POST', `/${pk}/projects`, { token, body: { key: 'Bad Key', countries: ['de'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].code).toBe('InvalidJsonInput');
    expect(bad.body.errors[0].detailedErrorMessage).toMatch(/key.*countries/);
    const taken = await http('POST', `/${pk}/projects`, { token, body: { key: pk } });
    expect(taken.status).toBe(400);
    expect(taken.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    const viewer = await clientToken(await createClient(['view_project_settings:{pk}']));
    expect(
      (await http('POST', `/${pk}/projects`, { token: viewer, body: { key: projectKey() } })).status,
    ).toBe(403);
    expect((await http('POST', `/${pk}/projects`, { body: { key: projectKey() } })).status).toBe(401);
  });
});

describe('npm run cli -- create-project', () => {
  it('creates a project through the API with the admin credentials, from the environment or DATA_DIR', async () => {
    const { apiUrl, projectKey: pk, clientId, clientSecret } = await platform();
    const key = projectKey();
    const result = await cli(
      ['create-project', '--key', key, '--languages', 'en,de', '--currencies', 'EUR'],
      {
        COMMERCE_API_URL: apiUrl,
        COMMERCE_PROJECT_KEY: pk,
        COMMERCE_ADMIN_CLIENT_ID: clientId,
        COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
      },
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [, id] = /Admin client id:\s+(\S+)/.exec(result.stdout) ?? [];
    const [, secret] = /Admin client secret:\s+(\S+)/.exec(result.stdout) ?? [];
    const project = await http('GET', `/${key}`, { token: await clientToken({ id, secret, scope: '' }) });
    expect(project.body).toMatchObject({ key, languages: ['en', 'de'], currencies: ['EUR'] });

    // The credentials file `npm start` writes under DATA_DIR works the same.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cli-'));
    await writeFile(path.join(dataDir, 'admin-client.json'), JSON.stringify({ clientId, clientSecret }));
    const fromFile = await cli(['create-project', '--key', projectKey()], {
      COMMERCE_API_URL: apiUrl,
      COMMERCE_PROJECT_KEY: pk,
      DATA_DIR: dataDir,
    });
    expect(fromFile.code).toBe(0);
  });

  it('fails with the API error for a taken key, and refuses wrong or missing credentials and plain http elsewhere', async () => {
    const { apiUrl, projectKey: pk, clientId, clientSecret } = await platform();
    const env = { COMMERCE_API_URL: apiUrl, COMMERCE_PROJECT_KEY: pk };
    const taken = await cli(['create-project', '--key', pk], {
      ...env,
      COMMERCE_ADMIN_CLIENT_ID: clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
    });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('DuplicateField');
    const wrong = await cli(['create-project', '--key', projectKey()], {
      ...env,
      COMMERCE_ADMIN_CLIENT_ID: clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: 'not-the-secret-0123456789abcdefghijkl',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('no token (401)');
    const none = await cli(['create-project', '--key', projectKey()], { ...env, DATA_DIR: '/nonexistent' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no admin credentials');
    const remote = await cli(['create-project', '--key', projectKey()], {
      COMMERCE_API_URL: 'http://api.example.com',
      COMMERCE_ADMIN_CLIENT_ID: clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
    });
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain('must be https');
    expect((await cli(['create-project'], env)).code).toBe(2);
  });
});
