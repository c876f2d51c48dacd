#!/usr/bin/env node
// The registry these machines reach serves only the Linux builds of platform-specific optional packages
// (turbo's and unrs-resolver's native binaries). npm then leaves the other platforms out of the lockfile, and
// `npm ci` rejects the lockfile as out of sync. This adds an entry for each missing optional package, with the
// os/cpu/libc read from its name, so `npm ci` accepts the lockfile and skips those packages on this platform.
// Run it after every `npm install` (it is idempotent): `node tools/lockfile/complete-optional.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));

const OS = {
  darwin: 'darwin',
  windows: 'win32',
  win32: 'win32',
  linux: 'linux',
  android: 'android',
  freebsd: 'freebsd',
  openharmony: 'openharmony',
};
const CPU = {
  64: 'x64',
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osIndex = parts.findIndex((part) => part in OS);
  if (osIndex < 0) return undefined;
  const cpu = CPU[parts[osIndex + 1]];
  if (!cpu) return undefined;
  const entry = { os: [OS[parts[osIndex]]], cpu: [cpu] };
  const abi = parts.slice(osIndex + 2).join('-');
  if (entry.os[0] === 'linux') entry.libc = [abi.startsWith('musl') ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(`skipped ${name}: no platform in its name`);
      continue;
    }
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-optional: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
