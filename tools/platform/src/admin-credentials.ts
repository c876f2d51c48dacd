import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface AdminCredentials {
  clientId: string;
  clientSecret: string;
  generated: boolean;
}

/**
 * The bootstrap admin client's credentials: the configured ones, or ones generated once and kept in
 * `<dataDir>/admin-client.json` (mode 0600) so they stay valid across restarts.
 */
export async function adminCredentials(
  dataDir: string,
  configured: { clientId?: string; clientSecret?: string },
): Promise<AdminCredentials> {
  if (configured.clientId && configured.clientSecret) {
    return { clientId: configured.clientId, clientSecret: configured.clientSecret, generated: false };
  }
  const file = path.resolve(dataDir, 'admin-client.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { clientId: string; clientSecret: string };
    return { ...saved, generated: true };
  } catch {
    const created = {
      clientId: randomBytes(18).toString('base64url'),
      clientSecret: randomBytes(32).toString('base64url'),
    };
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(created, null, 2), { mode: 0o600 });
    await chmod(file, 0o600);
    return { ...created, generated: true };
  }
}
