import { randomBytes } from 'node:crypto';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { legacyInsightsKeys, secretsEncryptionKeys } from './encryption-key.js';

describe(secretsEncryptionKeys.name, () => {
  it('generates one key per data directory (mode 0600) and keeps it across starts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keys-'));
    const first = await secretsEncryptionKeys(dir, undefined);
    expect(first).toMatch(/^local-[a-z0-9]+:[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.split(':')[1], 'base64')).toHaveLength(32);
    expect(await secretsEncryptionKeys(dir, undefined)).toBe(first);
    expect((await stat(path.join(dir, 'secrets-encryption-keys'))).mode & 0o777).toBe(0o600);
  });

  it('uses the configured keys as they are', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keys-'));
    expect(await secretsEncryptionKeys(dir, 'k1:abc')).toBe('k1:abc');
  });
});

describe(legacyInsightsKeys.name, () => {
  it("passes on an older launcher's insights key, and generates none", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'keys-'));
    expect(await legacyInsightsKeys(dir, undefined)).toBeUndefined();
    await expect(stat(path.join(dir, 'insights-encryption-key'))).rejects.toThrow();
    const key = randomBytes(32).toString('base64');
    await writeFile(path.join(dir, 'insights-encryption-key'), key, { mode: 0o600 });
    expect(await legacyInsightsKeys(dir, undefined)).toBe(key);
    expect(await legacyInsightsKeys(dir, 'a,b')).toBe('a,b');
  });
});
