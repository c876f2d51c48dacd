import { createHash } from 'node:crypto';
import { ConfigError, type Spec } from '@commerce/config';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export interface EncryptionKey {
  /** The id stored with every value this key seals. */
  id: string;
  key: Buffer;
}

/**
 * The id insights-service gave a key of its former `INSIGHTS_ENCRYPTION_KEYS` (plain base64, no id): the first
 * 12 hex characters of the key's SHA-256. Values it sealed carry this id, so they are found by it whatever id
 * the same key bytes have now.
 */
export const fingerprintOf = (key: Buffer): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 12);

/**
 * Parses `SECRETS_ENCRYPTION_KEYS`: comma-separated `<id>:<base64 of 32 bytes>`. The first key seals, every key
 * opens, so a key is rotated by putting a new one first and dropping the old one once nothing sealed under it
 * is left. `name` only names the variable in errors; no error carries key material.
 */
export function parseEncryptionKeys(name: string, raw: string): EncryptionKey[] {
  const keys = entries(raw).map((part) => {
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
  return checked(name, keys);
}

/**
 * Parses the deprecated `INSIGHTS_ENCRYPTION_KEYS`: comma-separated base64 keys of 32 bytes without ids; each
 * key's id is its fingerprint, as insights-service named it.
 */
export function parseLegacyEncryptionKeys(name: string, raw: string): EncryptionKey[] {
  const keys = entries(raw).map((part) => {
    const key = Buffer.from(part, 'base64');
    if (key.length !== 32) throw new ConfigError(`${name} must be comma-separated base64 keys of 32 bytes.`);
    return { id: fingerprintOf(key), key };
  });
  return checked(name, keys);
}

/**
 * The keys of a service: `SECRETS_ENCRYPTION_KEYS` first (its first key seals), then the keys of a deprecated
 * alias variable that are not listed already (they only open, until everything sealed under them is re-sealed).
 */
export function mergeEncryptionKeys(
  primary: readonly EncryptionKey[] | undefined,
  alias: readonly EncryptionKey[] | undefined,
): EncryptionKey[] | undefined {
  if (!primary) return alias ? [...alias] : undefined;
  const extra = (alias ?? []).filter((legacy) => !primary.some((key) => key.key.equals(legacy.key)));
  return checked('SECRETS_ENCRYPTION_KEYS', [...primary, ...extra]);
}

/** The config spec of `SECRETS_ENCRYPTION_KEYS` (optional: without it no secret can be stored). */
export const encryptionKeysSpec: Spec<EncryptionKey[] | undefined> = {
  read: (name, raw) => (raw === undefined || raw === '' ? undefined : parseEncryptionKeys(name, raw)),
};

/** The config spec of the deprecated `INSIGHTS_ENCRYPTION_KEYS` alias. */
export const legacyEncryptionKeysSpec: Spec<EncryptionKey[] | undefined> = {
  read: (name, raw) =>
    raw === undefined || raw.trim() === '' ? undefined : parseLegacyEncryptionKeys(name, raw),
};

function entries(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** At least one key, no id twice, and no id that is another key's fingerprint (the lookup would be ambiguous). */
function checked(name: string, keys: EncryptionKey[]): EncryptionKey[] {
  if (keys.length === 0) throw new ConfigError(`${name} holds no key.`);
  if (new Set(keys.map((key) => key.id)).size !== keys.length) {
    throw new ConfigError(`${name} names a key id twice.`);
  }
  const fingerprints = keys.map((key) => fingerprintOf(key.key));
  if (keys.some((key, index) => fingerprints.some((print, other) => other !== index && print === key.id))) {
    throw new ConfigError(`${name} names a key by another key's fingerprint; choose another id.`);
  }
  return keys;
}
