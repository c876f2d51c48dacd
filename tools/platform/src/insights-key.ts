import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The insights secrets' encryption keys for `npm start`: the configured `INSIGHTS_ENCRYPTION_KEYS`, or a key
 * generated once and kept in `<dataDir>/insights-encryption-key` (mode 0600), so stored secrets stay readable
 * across restarts. Production sets the variable from a secret store (docs/OBSERVABILITY.md).
 */
export async function insightsEncryptionKeys(
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'insights-encryption-key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, key, { mode: 0o600 });
    await chmod(file, 0o600);
    return key;
  }
}
