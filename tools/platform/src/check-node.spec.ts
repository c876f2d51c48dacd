import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const checkNode = path.join(root, 'tools', 'check-node.mjs');
const engines = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;
const pinned = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

/** tools/check-node.mjs's answer for Node `version`, evaluated by this Node. */
const answer = (version: string) =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { unsupportedNode } = await import(${JSON.stringify(checkNode)});
       process.stdout.write(String(unsupportedNode(${JSON.stringify(version)})));`,
    ],
    { encoding: 'utf8' },
  );

describe('tools/check-node.mjs (npm start, cli and reset on an old Node)', () => {
  it('names the version, the range of package.json engines and the release of .nvmrc, in one line', () => {
    const message = answer('v20.20.2');
    expect(message).toBe(
      `Node.js v20.20.2 is not supported: this platform needs Node.js ${engines} ` +
        `(${pinned} recommended, the version in .nvmrc: \`nvm install\` or \`fnm use\` in this folder).`,
    );
    expect(answer('v22.11.0')).toContain('is not supported');
  });

  it('lets the supported ones through: engines, .nvmrc and this Node', () => {
    expect(answer('v22.12.0')).toBe('undefined');
    expect(answer(`v${pinned}`)).toBe('undefined');
    expect(answer(process.version)).toBe('undefined');
  });

  it('stops npm start before anything else with that one line on stderr, exit 1', () => {
    // quiet-build.mjs (run first by npm start, cli and reset) under a Node that claims to be v20: process.version
    // is set before the module graph loads, so the build never starts.
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        `data:text/javascript,Object.defineProperty(process, 'version', { value: 'v20.20.2' })`,
        path.join(root, 'tools', 'quiet-build.mjs'),
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${answer('v20.20.2')}\n`);
  });
});
