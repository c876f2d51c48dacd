import { ConfigError } from '@commerce/config';
import { randomBytes } from 'node:crypto';
import { SecretBox, parseEncryptionKeys } from './secret-box.js';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe(SecretBox.name, () => {
  const old = keyText('k1');
  const current = keyText('k2');

  it('opens what it sealed, and never stores the plaintext', () => {
    const box = new SecretBox(parseEncryptionKeys('KEYS', current));
    const sealed = box.seal('callback-api-key-0123456789', 'demo:in-store');
    expect(sealed).not.toContain('callback-api-key');
    expect(sealed.startsWith('v1.k2.')).toBe(true);
    expect(box.open(sealed, 'demo:in-store')).toBe('callback-api-key-0123456789');
  });

  it('seals the same plaintext differently each time (random IV)', () => {
    const box = new SecretBox(parseEncryptionKeys('KEYS', current));
    expect(box.seal('same', 'ctx')).not.toBe(box.seal('same', 'ctx'));
  });

  it('refuses another context (a value copied to another project)', () => {
    const box = new SecretBox(parseEncryptionKeys('KEYS', current));
    const sealed = box.seal('secret', 'demo:in-store');
    expect(() => box.open(sealed, 'other:in-store')).toThrow();
  });

  it('refuses a tampered ciphertext or a shortened tag', () => {
    const box = new SecretBox(parseEncryptionKeys('KEYS', current));
    const [format, id, iv, tag, ciphertext] = box.seal('secret value', 'ctx').split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([format, id, iv, tag, flipped.toString('base64url')].join('.'), 'ctx')).toThrow();
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => box.open([format, id, iv, short, ciphertext].join('.'), 'ctx')).toThrow();
  });

  it('rotates: a new first key seals, the old one still opens', () => {
    const before = new SecretBox(parseEncryptionKeys('KEYS', old));
    const sealed = before.seal('secret', 'ctx');
    const after = new SecretBox(parseEncryptionKeys('KEYS', `${current},${old}`));
    expect(after.open(sealed, 'ctx')).toBe('secret');
    expect(after.isCurrent(sealed)).toBe(false);
    expect(after.isCurrent(after.seal('secret', 'ctx'))).toBe(true);
    const dropped = new SecretBox(parseEncryptionKeys('KEYS', current));
    expect(() => dropped.open(sealed, 'ctx')).toThrow(/k1/);
  });

  it.each([
    ['', 'holds no key'],
    ['k1', 'must be'],
    ['k1:short', 'must be'],
    [`bad id:${randomBytes(32).toString('base64')}`, 'must be'],
    [`${keyText('a')},a:${randomBytes(32).toString('base64')}`, 'twice'],
  ])('refuses the configuration %j', (raw, message) => {
    expect(() => parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', raw)).toThrow(ConfigError);
    expect(() => parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', raw)).toThrow(message);
  });
});
