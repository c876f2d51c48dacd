import { runCli } from './cli-program.js';

process.exit(await runCli(process.argv.slice(2)));
