import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `SECRETS_ENCRYPTION_KEYS` for the platform: the configured value, or a key generated once and kept in
 * `<dataDir>/secrets-encryption-keys` (mode 0600), so secrets stored by an embedded platform stay readable
 * across restarts. A deployment configures its own keys (see docs/INSTORE.md).
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
