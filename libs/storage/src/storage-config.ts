import { ConfigError, env, type ConfigOf } from '@commerce/config';
import { LocalFolderStorage } from './local-folder-storage.js';
import type { ObjectStorage } from './object-storage.js';

/** Where uploaded files are kept (docs/DEPLOY.md, "Object storage"). */
export const storageEnv = {
  /** `local`: a folder of this machine (the all-in-one mode); `s3`: an S3-compatible bucket (production). */
  STORAGE_BACKEND: env.oneOf(['local', 's3'] as const, 'local'),
  /** The folder of the `local` backend; the launcher sets it to `<DATA_DIR>/files`. */
  STORAGE_DIR: env.string('.data/files'),
  STORAGE_S3_BUCKET: env.optionalPattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name'),
  STORAGE_S3_REGION: env.string('us-east-1'),
  /** An S3-compatible server's URL (MinIO, Ceph, R2, ...); unset: AWS S3 of the region. */
  STORAGE_S3_ENDPOINT: env.url(['http:', 'https:']),
  STORAGE_S3_FORCE_PATH_STYLE: env.bool(false),
  /** Both or neither; unset: the AWS SDK's default credential chain (environment, web identity, instance role). */
  STORAGE_S3_ACCESS_KEY_ID: env.optionalString(),
  STORAGE_S3_SECRET_ACCESS_KEY: env.optionalString(),
  /**
   * Where the stored objects are public: an uploaded image's URL is this plus its key
   * (`/images/<projectKey>/<id>/<file>`), e.g. a CDN or the bucket's public URL. Unset: the gateway serves them
   * (`<scheme>://<host>` of the upload request).
   */
  STORAGE_PUBLIC_URL: env.url(['http:', 'https:']),
  /** Prepended to every object key, e.g. `commerce/` to share a bucket. */
  STORAGE_S3_KEY_PREFIX: env.optionalPattern(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/, 'segments ending in /'),
};

export type StorageConfig = ConfigOf<typeof storageEnv>;

/**
 * The storage the configuration names; a backend with missing settings is a configuration error. The S3
 * client (about 30 MB of a process's memory) is loaded only when the S3 backend is configured.
 */
export async function objectStorageOf(config: StorageConfig): Promise<ObjectStorage> {
  if (config.STORAGE_BACKEND === 'local') return new LocalFolderStorage(config.STORAGE_DIR);
  if (!config.STORAGE_S3_BUCKET)
    throw new ConfigError('STORAGE_S3_BUCKET is required when STORAGE_BACKEND=s3.');
  const id = config.STORAGE_S3_ACCESS_KEY_ID;
  const secret = config.STORAGE_S3_SECRET_ACCESS_KEY;
  if ((id === undefined) !== (secret === undefined)) {
    throw new ConfigError('Set both STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY, or neither.');
  }
  const { S3ObjectStorage } = await import('./s3-storage.js');
  return new S3ObjectStorage({
    bucket: config.STORAGE_S3_BUCKET,
    region: config.STORAGE_S3_REGION,
    endpoint: config.STORAGE_S3_ENDPOINT,
    forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    ...(id && secret ? { credentials: { accessKeyId: id, secretAccessKey: secret } } : {}),
    keyPrefix: config.STORAGE_S3_KEY_PREFIX,
  });
}
