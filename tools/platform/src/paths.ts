import path from 'node:path';

/** The repository root (this file is tools/platform/dist/paths.js once built). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export function appEntry(app: string): string {
  return path.join(REPO_ROOT, 'apps', app, 'dist', 'main.js');
}
