import { Command, CommanderError } from 'commander';
import { ADMIN_ENV_USAGE } from './api-admin.js';
import { processOutput, type CliOutput } from './cli-output.js';
import { createProjectCommand, type CreateProjectOptions } from './create-project-command.js';
import { INSTORE_ENV_USAGE, instoreCommand, type InstoreRequest } from './instore-command.js';

/** Exit code of a usage error (unknown command or option, missing argument). */
export const USAGE_ERROR = 2;

/**
 * The platform's admin CLI (`npm run cli -- <command>`), parsed by commander. It acts through the HTTP API
 * with an admin client's credentials, like any other client, in both modes: nothing of it reaches the internal
 * message bus. Exit code: 0 (done, or help), 1 (the command failed), 2 (usage).
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CliOutput = processOutput,
): Promise<number> {
  let code = 0;
  const program = new Command('npm run cli --')
    .description(
      "The platform's admin CLI: acts through the HTTP API as the bootstrap project's admin client, in either mode.",
    )
    .configureOutput({ writeOut: output.out, writeErr: output.err })
    .exitOverride()
    .showHelpAfterError('(npm run cli -- help: every command)')
    .addHelpText('after', `\nEnvironment:\n${ADMIN_ENV_USAGE}`);

  program
    .command('create-project')
    .summary('creates a project and prints its admin client')
    .description(
      "Creates a project through the HTTP API (POST /{bootstrap project}/projects) and prints its admin client's " +
        'id and secret; the secret is shown only this once.',
    )
    .requiredOption('--key <key>', "the new project's key")
    .option('--name <name>', 'its name')
    .option('--languages <list>', 'comma-separated, e.g. en,de')
    .option('--countries <list>', 'comma-separated, e.g. DE,US')
    .option('--currencies <list>', 'comma-separated, e.g. EUR,USD')
    .action(async (options: CreateProjectOptions) => {
      code = await createProjectCommand(options, env, output);
    });

  const instore = program
    .command('instore')
    .summary('shows the in-store integration, retrieves tokens through its callback')
    .description(
      "The in-store integration: reads the project's settings through the API with the admin client, calls the " +
        'Token Retrieval URL as the in-store application does and prints the token once the platform confirms it.',
    )
    .addHelpText('after', `\nEnvironment:\n${ADMIN_ENV_USAGE}\n${INSTORE_ENV_USAGE}`);
  instore
    .command('show')
    .description("prints the project's in-store integration settings")
    .action(async () => {
      code = await instoreCommand({ action: 'show' }, env, output);
    });
  for (const [action, id, what] of [
    ['user-token', 'userKey', "a customer's token"],
    ['cart-token', 'cartId', "an anonymous cart's token"],
  ] as const) {
    instore
      .command(`${action} <${id}>`)
      .description(`retrieves ${what} for a Store`)
      .requiredOption('--store <storeKey>', "the Store's key")
      .action(async (value: string, options: { store: string }) => {
        const request: InstoreRequest = { action, id: value, store: options.store };
        code = await instoreCommand(request, env, output);
      });
  }

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : USAGE_ERROR;
    throw error;
  }
}
