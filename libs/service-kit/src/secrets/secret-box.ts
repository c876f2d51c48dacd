import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { fingerprintOf, type EncryptionKey } from './encryption-keys.js';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBoxOptions {
  /**
   * Also open values of insights-service's former format: the same `v1.<keyId>.<iv>.<tag>.<ciphertext>`, but
   * with `v1.<keyId>` as additional data instead of a context and the key's fingerprint as its id. Only
   * insights-service sets it, for values it sealed before the box was shared; `needsReseal` is true for them.
   */
  readsUnboundFormat?: boolean;
}

/** A value that does not open: not sealed, sealed for another context, by an unknown key, or tampered with. */
export class SecretBoxError extends Error {}

/**
 * AES-256-GCM for write-only secrets at rest, the one sealing module of the platform (auth-service and
 * insights-service, keyed by `SECRETS_ENCRYPTION_KEYS`). A sealed value is `v1.<keyId>.<iv>.<tag>.<ciphertext>`
 * (base64url, random 96-bit IV, 128-bit tag); `context` (e.g. the project key and the purpose) is
 * authenticated but not stored, so a value copied to another project's row does not open. The first key
 * seals; every key opens, found by the id in the value (or by its fingerprint, for values sealed under the
 * key's former id-less form).
 */
export class SecretBox {
  private readonly keys: readonly EncryptionKey[];
  private readonly fingerprints: readonly string[];

  constructor(
    keys: readonly EncryptionKey[],
    private readonly options: SecretBoxOptions = {},
  ) {
    if (keys.length === 0) throw new SecretBoxError('SecretBox needs at least one key.');
    this.keys = keys;
    this.fingerprints = keys.map((entry) => fingerprintOf(entry.key));
  }

  seal(plaintext: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [FORMAT, id, ...parts].join('.');
  }

  /** The plaintext; throws `SecretBoxError` unless one of the keys sealed the value for this context. */
  open(sealed: string, context: string): string {
    const opened = this.tryOpen(sealed, context);
    if (opened === undefined) throw new SecretBoxError('The secret does not open with this context and key.');
    return opened.plaintext;
  }

  /**
   * Whether the value opens for this context but not as the first key seals today (an older key, or the former
   * unbound format): re-seal it to rotate. A value that does not open is false (nothing could re-seal it).
   */
  needsReseal(sealed: string, context: string): boolean {
    try {
      const opened = this.tryOpen(sealed, context);
      return opened !== undefined && !(opened.bound && opened.key === this.keys[0]);
    } catch {
      return false;
    }
  }

  private tryOpen(
    sealed: string,
    context: string,
  ): { plaintext: string; key: EncryptionKey; bound: boolean } | undefined {
    const [format, id, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (format !== FORMAT || rest.length > 0 || !id || !iv || !tag || ciphertext === undefined) {
      throw new SecretBoxError('Not a sealed secret.');
    }
    const byId = this.keys.find((entry) => entry.id === id);
    const byPrint = this.keys[this.fingerprints.indexOf(id)];
    const key = byId ?? byPrint;
    if (!key)
      throw new SecretBoxError(`The secret was sealed with the key '${id}', which is not configured.`);
    const parts = { iv: decode(iv), tag: decode(tag), ciphertext: decode(ciphertext) };
    const bound = decrypt(key.key, parts, context);
    if (bound !== undefined) return { plaintext: bound, key, bound: true };
    if (!this.options.readsUnboundFormat || !byPrint) return undefined;
    const unbound = decrypt(byPrint.key, parts, `${FORMAT}.${id}`);
    return unbound === undefined ? undefined : { plaintext: unbound, key: byPrint, bound: false };
  }
}

const decode = (part: string) => Buffer.from(part, 'base64url');

function decrypt(
  key: Buffer,
  { iv, tag, ciphertext }: { iv: Buffer; tag: Buffer; ciphertext: Buffer },
  additionalData: string,
): string | undefined {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(additionalData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
