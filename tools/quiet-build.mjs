// Builds what changed before `npm start`, `npm run cli` and `npm run reset`, with one progress line instead
// of the build log, after checking the Node.js version (tools/check-node.mjs). The log goes to
// node_modules/.cache/commerce-build.log and is shown when the build fails.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unsupportedNode } from './check-node.mjs';

const unsupported = unsupportedNode(process.version);
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const logFile = path.join(root, 'node_modules', '.cache', 'commerce-build.log');
mkdirSync(path.dirname(logFile), { recursive: true });
const log = createWriteStream(logFile);
const tty = process.stdout.isTTY;
const started = Date.now();
let done = 0;

const show = (text) => {
  if (tty) process.stdout.write(`\r\x1b[2K${text}`);
};
show('Building…');
const turbo = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'turbo', 'bin', 'turbo'), 'run', 'build', '--output-logs=new-only'],
  {
    cwd: root,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
for (const stream of [turbo.stdout, turbo.stderr]) {
  stream.on('data', (chunk) => {
    log.write(chunk);
    done += (chunk.toString().match(/:build: (cache hit|cache miss)/g) ?? []).length;
    show(`Building… ${done} packages`);
  });
}
turbo.on('exit', (code) => {
  log.end(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (code === 0) {
      show('');
      if (!tty) process.stdout.write(`Built in ${seconds} s.\n`);
      return;
    }
    show('');
    process.stderr.write(`The build failed (${seconds} s). Its log (${logFile}):\n\n`);
    process.stderr.write(readFileSync(logFile, 'utf8').split('\n').slice(-80).join('\n'));
    process.exit(code ?? 1);
  });
});
