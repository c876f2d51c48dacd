import { mkdtemp, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { insightsEncryptionKeys } from './insights-key.js';

describe(insightsEncryptionKeys.name, () => {
  it('generates a 32-byte key once, keeps it private, and returns the same one on the next start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-'));
    const first = await insightsEncryptionKeys(dir, undefined);
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect((await stat(path.join(dir, 'insights-encryption-key'))).mode & 0o777).toBe(0o600);
    expect(await insightsEncryptionKeys(dir, undefined)).toBe(first);
  });

  it('uses configured keys and writes nothing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'launcher-'));
    expect(await insightsEncryptionKeys(dir, 'a,b')).toBe('a,b');
    await expect(stat(path.join(dir, 'insights-encryption-key'))).rejects.toThrow();
  });
});
