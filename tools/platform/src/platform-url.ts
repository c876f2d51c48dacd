import { loadConfig } from '@commerce/config';
import { launcherEnv } from './launcher-config.js';

/**
 * Where `npm start` serves on this machine, from the variables it reads: `PORT`, `HOST` (a wildcard address
 * means this machine's loopback) and `TLS_CERT_FILE` (https). `npm start` prints it; the CLI calls it.
 */
export function localPlatformUrl(env: NodeJS.ProcessEnv): string {
  const { PORT, HOST } = loadConfig({ PORT: launcherEnv.PORT, HOST: launcherEnv.HOST }, env);
  const host =
    HOST === '0.0.0.0' || HOST === ''
      ? '127.0.0.1'
      : HOST === '::'
        ? '[::1]'
        : HOST.includes(':') && !HOST.startsWith('[')
          ? `[${HOST}]`
          : HOST;
  return `${env.TLS_CERT_FILE ? 'https' : 'http'}://${host}:${PORT}`;
}
