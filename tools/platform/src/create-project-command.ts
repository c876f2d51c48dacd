import type { CreateProjectResult } from '@commerce/contracts';
import { parseArgs } from 'node:util';
import { ADMIN_ENV_USAGE, adminFromEnv, adminToken } from './api-admin.js';

export const CREATE_PROJECT_USAGE = `Usage: npm run cli -- create-project --key <key> [--name <name>] [--languages en,de]
                            [--countries DE,US] [--currencies EUR,USD]

Creates a project through the HTTP API (POST /{bootstrap project}/projects) as the admin of the platform's
bootstrap project, in either mode, and prints the new project's admin client id and secret. The secret is
shown only this once. Environment:
${ADMIN_ENV_USAGE}`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** `npm run cli -- create-project ...`: exit code 0, 1 (failed) or 2 (usage). */
export async function createProjectCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        key: { type: 'string' },
        name: { type: 'string' },
        languages: { type: 'string' },
        countries: { type: 'string' },
        currencies: { type: 'string' },
      },
    }));
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\n${CREATE_PROJECT_USAGE}\n`,
    );
    return 2;
  }
  if (!values.key) {
    process.stderr.write(`--key is required.\n${CREATE_PROJECT_USAGE}\n`);
    return 2;
  }
  try {
    const admin = await adminFromEnv(env);
    const response = await fetch(`${admin.apiUrl}/${admin.projectKey}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(admin)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        key: values.key,
        name: values.name,
        languages: list(values.languages),
        countries: list(values.countries),
        currencies: list(values.currencies),
      }),
    });
    const body = (await response.json()) as CreateProjectResult;
    if (response.status !== 201)
      throw new Error(`the API answered ${response.status}: ${JSON.stringify(body)}`);
    process.stdout.write(
      `Project '${body.project.key}' created.\n  Admin client id:     ${body.adminClient.id}\n` +
        `  Admin client secret: ${body.adminClient.secret}\n  Scope:               ${body.adminClient.scope}\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(
      `create-project failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}
