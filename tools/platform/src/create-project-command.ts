import type { CreateProjectResult } from '@commerce/contracts';
import { adminFromEnv, adminToken, apiFetch } from './api-admin.js';
import { processOutput, type CliOutput } from './cli-output.js';

/** The options of `create-project` (comma-separated lists as typed). */
export interface CreateProjectOptions {
  key: string;
  name?: string;
  languages?: string;
  countries?: string;
  currencies?: string;
}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** `npm run cli -- create-project ...` (parsed by cli-program.ts): exit code 0, or 1 (failed). */
export async function createProjectCommand(
  values: CreateProjectOptions,
  env: NodeJS.ProcessEnv = process.env,
  output: CliOutput = processOutput,
): Promise<number> {
  try {
    const admin = await adminFromEnv(env);
    const response = await apiFetch(admin, `/${admin.projectKey}/projects`, {
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
    output.out(
      `Project '${body.project.key}' created.\n  Admin client id:     ${body.adminClient.id}\n` +
        `  Admin client secret: ${body.adminClient.secret}\n  Scope:               ${body.adminClient.scope}\n`,
    );
    return 0;
  } catch (error) {
    output.err(`create-project failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
