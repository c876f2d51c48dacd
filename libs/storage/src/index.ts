export * from './object-storage.js';
export * from './local-folder-storage.js';
export type { S3StorageOptions } from './s3-storage.js';
export * from './storage-config.js';
