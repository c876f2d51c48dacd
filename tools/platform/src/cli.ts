import { CREATE_PROJECT_USAGE, createProjectCommand } from './create-project-command.js';
import { INSTORE_USAGE, instoreCommand } from './instore-command.js';

/**
 * The platform's admin CLI. It acts through the HTTP API with an admin client's credentials, like any other
 * client, in both modes: nothing of it reaches the internal message bus.
 */
async function main([command, ...rest]: string[]): Promise<number> {
  if (command === 'create-project') return createProjectCommand(rest);
  if (command === 'instore') return instoreCommand(rest);
  process.stderr.write(`${CREATE_PROJECT_USAGE}\n\n${INSTORE_USAGE}\n`);
  return command === undefined || command === '--help' ? 0 : 2;
}

process.exit(await main(process.argv.slice(2)));
