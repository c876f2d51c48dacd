import { randomBytes } from 'node:crypto';
import { SecretBox, SecretBoxError } from './secret-box.js';

const key = () => randomBytes(32);

describe(SecretBox.name, () => {
  it('round-trips a secret and never stores it in clear', () => {
    const box = new SecretBox([key()]);
    const sealed = box.encrypt('my-api-key-123');
    expect(sealed).not.toContain('my-api-key-123');
    expect(box.decrypt(sealed)).toBe('my-api-key-123');
    expect(box.encrypt('my-api-key-123')).not.toBe(sealed);
  });

  it('rotation: the first key encrypts, every key decrypts, and old secrets are stale', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealedOld = new SecretBox([oldKey]).encrypt('secret');
    const rotated = new SecretBox([newKey, oldKey]);
    expect(rotated.decrypt(sealedOld)).toBe('secret');
    expect(rotated.isStale(sealedOld)).toBe(true);
    const sealedNew = rotated.encrypt('secret');
    expect(rotated.isStale(sealedNew)).toBe(false);
    expect(() => new SecretBox([oldKey]).decrypt(sealedNew)).toThrow(SecretBoxError);
  });

  it('refuses a tampered secret', () => {
    const box = new SecretBox([key()]);
    const parts = box.encrypt('secret').split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
  });

  it('reads comma-separated base64 keys and refuses keys of the wrong size', () => {
    expect(SecretBox.fromConfig(undefined)).toBeUndefined();
    expect(SecretBox.fromConfig(` ${key().toString('base64')}, ${key().toString('base64')} `)).toBeInstanceOf(
      SecretBox,
    );
    expect(() => SecretBox.fromConfig(randomBytes(16).toString('base64'))).toThrow(SecretBoxError);
  });
});
