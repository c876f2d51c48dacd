// The Node.js check of `npm start`, `npm run cli` and `npm run reset` (tools/quiet-build.mjs runs it first):
// package.json's "engines" says which Node is supported, .nvmrc the release CI and the images use. Nothing
// newer than Node 18 here, so an old Node gets as far as the message.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url);
const semver = createRequire(import.meta.url)('semver');

/** One line saying that Node `version` (`v20.1.0`) is not supported and which is, or undefined when it is. */
export function unsupportedNode(version) {
  const engines = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node;
  if (semver.satisfies(version, engines)) return undefined;
  const pinned = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
  return (
    `Node.js ${version} is not supported: this platform needs Node.js ${engines} ` +
    `(${pinned} recommended, the version in .nvmrc: \`nvm install\` or \`fnm use\` in this folder).`
  );
}
