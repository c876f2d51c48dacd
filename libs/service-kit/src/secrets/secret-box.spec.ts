import { ConfigError } from '@commerce/config';
import { randomBytes } from 'node:crypto';
import {
  fingerprintOf,
  mergeEncryptionKeys,
  parseEncryptionKeys,
  parseLegacyEncryptionKeys,
} from './encryption-keys.js';
import { SecretBox, SecretBoxError } from './secret-box.js';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const boxOf = (raw: string) => new SecretBox(parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', raw));

/** Written by the former copies (auth-service's and insights-service's `secret-box.ts`) under this key. */
const FIXED_KEY = Buffer.alloc(32, 7).toString('base64');
const SEALED_BY_AUTH = 'v1.old-auth.3ndIfnyhs4PMsLd6.z5SoTQnhoBBU2EaJ8prJ1A.GMtl75UEr0NC2kcna6_1U3fav8oE1w';
const SEALED_BY_INSIGHTS =
  'v1.4bb06f8e4e3a.l4R14tHW3K0ZgW-p.xTzTKAHtqRqDcSUq_tCxdg.WXkMZT65m5VyQdfVR42vZFh1LaKVKC8zjiQ';

describe(SecretBox.name, () => {
  const old = keyText('k1');
  const current = keyText('k2');

  it('opens what it sealed, and never stores the plaintext', () => {
    const box = boxOf(current);
    const sealed = box.seal('callback-api-key-0123456789', 'demo:in-store');
    expect(sealed).not.toContain('callback-api-key');
    expect(sealed.startsWith('v1.k2.')).toBe(true);
    expect(box.open(sealed, 'demo:in-store')).toBe('callback-api-key-0123456789');
    expect(box.needsReseal(sealed, 'demo:in-store')).toBe(false);
  });

  it('seals the same plaintext differently each time (random IV)', () => {
    const box = boxOf(current);
    expect(box.seal('same', 'ctx')).not.toBe(box.seal('same', 'ctx'));
  });

  it('refuses another context (a value copied to another project)', () => {
    const box = boxOf(current);
    const sealed = box.seal('secret', 'demo:in-store');
    expect(() => box.open(sealed, 'other:in-store')).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext, IV or tag, a shortened tag and a value that is not sealed', () => {
    const box = boxOf(current);
    const [format, id, iv, tag, ciphertext] = box.seal('secret value', 'ctx').split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const parts of [
      [format, id, iv, tag, flip(ciphertext)],
      [format, id, flip(iv), tag, ciphertext],
      [format, id, iv, flip(tag), ciphertext],
      [format, id, iv, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url'), ciphertext],
    ]) {
      expect(() => box.open(parts.join('.'), 'ctx')).toThrow(SecretBoxError);
    }
    expect(() => box.open('Bearer plain-header', 'ctx')).toThrow('Not a sealed secret.');
  });

  it('refuses a wrong key of the same id', () => {
    const sealed = boxOf(keyText('k1')).seal('secret', 'ctx');
    expect(() => boxOf(keyText('k1')).open(sealed, 'ctx')).toThrow(SecretBoxError);
  });

  it('rotates: a new first key seals, the old one still opens, dropping it names the key', () => {
    const sealed = boxOf(old).seal('secret', 'ctx');
    const after = boxOf(`${current},${old}`);
    expect(after.open(sealed, 'ctx')).toBe('secret');
    expect(after.needsReseal(sealed, 'ctx')).toBe(true);
    expect(after.needsReseal(after.seal('secret', 'ctx'), 'ctx')).toBe(false);
    expect(after.needsReseal(sealed, 'other')).toBe(false);
    expect(boxOf(current).needsReseal(sealed, 'ctx')).toBe(false);
    expect(after.needsReseal('not sealed', 'ctx')).toBe(false);
    expect(() => boxOf(current).open(sealed, 'ctx')).toThrow(/k1/);
  });

  it("opens auth-service's former values unchanged (the same format)", () => {
    const box = boxOf(`new:${randomBytes(32).toString('base64')},old-auth:${FIXED_KEY}`);
    expect(box.open(SEALED_BY_AUTH, 'in-store-integration:demo:callbackApiKey')).toBe(
      'callback-key-from-auth',
    );
    expect(() => box.open(SEALED_BY_AUTH, 'in-store-integration:other:callbackApiKey')).toThrow();
  });

  it("opens insights-service's former values only where asked, under any id of the same key", () => {
    const legacy = parseLegacyEncryptionKeys('INSIGHTS_ENCRYPTION_KEYS', FIXED_KEY);
    expect(legacy[0].id).toBe(fingerprintOf(Buffer.from(FIXED_KEY, 'base64')));
    const insights = new SecretBox(legacy, { readsUnboundFormat: true });
    expect(insights.open(SEALED_BY_INSIGHTS, 'insights:demo:providers')).toBe('provider-key-from-insights');
    expect(insights.needsReseal(SEALED_BY_INSIGHTS, 'insights:demo:providers')).toBe(true);
    const renamed = new SecretBox(parseEncryptionKeys('K', `new:${FIXED_KEY}`), { readsUnboundFormat: true });
    expect(renamed.open(SEALED_BY_INSIGHTS, 'any')).toBe('provider-key-from-insights');
    expect(() => boxOf(`new:${FIXED_KEY}`).open(SEALED_BY_INSIGHTS, 'any')).toThrow(SecretBoxError);
    const resealed = insights.seal('provider-key-from-insights', 'insights:demo:providers');
    expect(insights.needsReseal(resealed, 'insights:demo:providers')).toBe(false);
    expect(() => insights.open(resealed, 'insights:other:providers')).toThrow(SecretBoxError);
  });
});

describe('encryption keys', () => {
  it.each([
    ['', 'holds no key'],
    ['k1', 'must be'],
    ['k1:short', 'must be'],
    [`bad id:${randomBytes(32).toString('base64')}`, 'must be'],
    [`${keyText('a')},a:${randomBytes(32).toString('base64')}`, 'twice'],
    [
      `a:${FIXED_KEY},${fingerprintOf(Buffer.from(FIXED_KEY, 'base64'))}:${randomBytes(32).toString('base64')}`,
      'fingerprint',
    ],
  ])('refuses the configuration %j', (raw, message) => {
    expect(() => parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', raw)).toThrow(ConfigError);
    expect(() => parseEncryptionKeys('SECRETS_ENCRYPTION_KEYS', raw)).toThrow(message);
  });

  it('reads the deprecated id-less list and refuses keys of the wrong size', () => {
    const keys = parseLegacyEncryptionKeys(
      'INSIGHTS_ENCRYPTION_KEYS',
      ` ${FIXED_KEY}, ${randomBytes(32).toString('base64')} `,
    );
    expect(keys).toHaveLength(2);
    expect(() =>
      parseLegacyEncryptionKeys('INSIGHTS_ENCRYPTION_KEYS', randomBytes(16).toString('base64')),
    ).toThrow(ConfigError);
  });

  it('merges: the primary list seals, alias keys it does not hold already follow', () => {
    const primary = parseEncryptionKeys('K', `new:${randomBytes(32).toString('base64')},same:${FIXED_KEY}`);
    const other = randomBytes(32).toString('base64');
    const alias = parseLegacyEncryptionKeys('A', `${FIXED_KEY},${other}`);
    expect(mergeEncryptionKeys(primary, alias)?.map((key) => key.id)).toEqual(['new', 'same', alias[1].id]);
    expect(mergeEncryptionKeys(undefined, alias)).toEqual(alias);
    expect(mergeEncryptionKeys(undefined, undefined)).toBeUndefined();
  });
});
