import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `SECRETS_ENCRYPTION_KEYS` for the platform (auth-service and insights-service): the configured value, or a key
 * generated once and kept in `<dataDir>/secrets-encryption-keys` (mode 0600), so secrets stored by an embedded
 * platform stay readable across restarts. A deployment configures its own keys (see docs/SECURITY.md).
 */
export async function secretsEncryptionKeys(
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'secrets-encryption-keys');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const generated = `local-${Date.now().toString(36)}:${randomBytes(32).toString('base64')}`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${generated}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    return generated;
  }
}

/**
 * The deprecated `INSIGHTS_ENCRYPTION_KEYS` of a data directory from before the keys were shared: the configured
 * value, or the key an older launcher kept in `<dataDir>/insights-encryption-key`, so insights-service still
 * opens (and re-seals under `SECRETS_ENCRYPTION_KEYS`) what it sealed then. Never generated any more.
 */
export async function legacyInsightsKeys(
  dataDir: string,
  configured: string | undefined,
): Promise<string | undefined> {
  if (configured) return configured;
  try {
    return (await readFile(path.resolve(dataDir, 'insights-encryption-key'), 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}
