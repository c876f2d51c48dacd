import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ConfigError, type Spec } from '@commerce/config';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const FORMAT = 'v1';

export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/**
 * Parses `SECRETS_ENCRYPTION_KEYS`: comma-separated `<id>:<base64 of 32 bytes>`. The first key encrypts,
 * every key decrypts, so a key is rotated by putting a new one first and dropping the old one once nothing
 * encrypted under it is left.
 */
export function parseEncryptionKeys(name: string, raw: string): EncryptionKey[] {
  const keys = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const separator = part.indexOf(':');
      const id = part.slice(0, separator);
      const key = Buffer.from(part.slice(separator + 1), 'base64');
      if (separator < 1 || !KEY_ID.test(id) || key.length !== 32) {
        throw new ConfigError(
          `${name} must be comma-separated <id>:<base64 of 32 random bytes> entries (ids of 1-32 of [A-Za-z0-9_-]).`,
        );
      }
      return { id, key };
    });
  if (keys.length === 0) throw new ConfigError(`${name} holds no key.`);
  if (new Set(keys.map((key) => key.id)).size !== keys.length) {
    throw new ConfigError(`${name} names a key id twice.`);
  }
  return keys;
}

/** The config spec of `SECRETS_ENCRYPTION_KEYS` (optional: without it no secret can be stored). */
export const encryptionKeysSpec: Spec<EncryptionKey[] | undefined> = {
  read: (name, raw) => (raw === undefined || raw === '' ? undefined : parseEncryptionKeys(name, raw)),
};

/**
 * AES-256-GCM for write-only secrets at rest. A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>`
 * (base64url); `context` (e.g. the project key and the purpose) is authenticated but not stored, so a value
 * copied to another project's row does not open.
 */
export class SecretBox {
  constructor(private readonly keys: readonly EncryptionKey[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key.');
  }

  seal(plaintext: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [FORMAT, id, ...parts].join('.');
  }

  /** The plaintext; throws when the value was not sealed by one of the keys for this context. */
  open(sealed: string, context: string): string {
    const [format, id, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (format !== FORMAT || rest.length > 0 || !iv || !tag || ciphertext === undefined) {
      throw new Error('Not a sealed secret.');
    }
    const entry = this.keys.find((candidate) => candidate.id === id);
    if (!entry) throw new Error(`The secret was sealed with the key '${id}', which is not configured.`);
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether the value is sealed under the current (first) key. */
  isCurrent(sealed: string): boolean {
    return sealed.split('.')[1] === this.keys[0].id;
  }
}
