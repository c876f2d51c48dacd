import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

interface Key {
  id: string;
  bytes: Buffer;
}

/** A problem with the configured keys; the message names no key material. */
export class SecretBoxError extends Error {}

/**
 * Encrypts write-only secrets (provider API keys, OTLP header values) with AES-256-GCM. The first key
 * encrypts; every key decrypts, found by the id stored with each secret, so keys can be rotated.
 * Stored form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly keys: Key[];

  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new SecretBoxError('No encryption key is configured.');
    this.keys = keys.map((bytes) => {
      if (bytes.length !== 32) throw new SecretBoxError('Each encryption key must be 32 bytes (base64).');
      return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes };
    });
  }

  /** Parses `INSIGHTS_ENCRYPTION_KEYS` (comma-separated base64). */
  static fromConfig(raw: string | undefined): SecretBox | undefined {
    if (raw === undefined || raw.trim() === '') return undefined;
    return new SecretBox(
      raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
        .map((part) => Buffer.from(part, 'base64')),
    );
  }

  encrypt(plain: string): string {
    const key = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
    cipher.setAAD(Buffer.from(`${VERSION}.${key.id}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      VERSION,
      key.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  decrypt(sealed: string): string {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || body === undefined) throw new SecretBoxError('Unknown secret format.');
    const key = this.keys.find((candidate) => candidate.id === keyId);
    if (!key) throw new SecretBoxError(`No configured key decrypts secrets of key ${keyId}.`);
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${VERSION}.${key.id}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether a secret was sealed with another key than the current one (so it should be re-encrypted). */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.keys[0].id;
  }
}
