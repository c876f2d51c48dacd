import { commonEnv, loadConfig } from '@commerce/config';
import { Subjects } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseArgs } from 'node:util';
import { INSTORE_USAGE, instoreCommand } from './instore-command.js';

const USAGE = `Usage: npm run cli -- create-project --key <key> [--name <name>] [--languages en,de]
                            [--countries DE,US] [--currencies EUR,USD]

Talks to a platform running in the distributed mode over NATS_URL and prints the new project's admin
client id and secret. The secret is shown only this once.

${INSTORE_USAGE}`;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'instore') return instoreCommand(rest);
  if (command !== 'create-project') {
    process.stderr.write(`${USAGE}\n`);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      key: { type: 'string' },
      name: { type: 'string' },
      languages: { type: 'string' },
      countries: { type: 'string' },
      currencies: { type: 'string' },
    },
  });
  if (!values.key) {
    process.stderr.write(`--key is required.\n${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(commonEnv);
  if (!config.NATS_URL) {
    process.stderr.write('NATS_URL is not set: create-project reaches a distributed platform over NATS.\n');
    return 2;
  }
  const rpc = new RpcClient('cli', { natsUrl: config.NATS_URL, rpcTimeoutMs: config.RPC_TIMEOUT_MS });
  try {
    const result = await rpc.send(Subjects.auth.project.create, {
      key: values.key,
      name: values.name,
      languages: list(values.languages),
      countries: list(values.countries),
      currencies: list(values.currencies),
    });
    process.stdout.write(
      `Project '${result.project.key}' created.\n  Admin client id:     ${result.adminClient.id}\n` +
        `  Admin client secret: ${result.adminClient.secret}\n  Scope:               ${result.adminClient.scope}\n`,
    );
    return 0;
  } catch (error) {
    const message = error instanceof ApiError ? JSON.stringify(error.toBody()) : String(error);
    process.stderr.write(`create-project failed: ${message}\n`);
    return 1;
  } finally {
    await rpc.onApplicationShutdown();
  }
}

process.exit(await main(process.argv.slice(2)));
