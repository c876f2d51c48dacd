/** Where the platform under test keeps uploaded files, so tests can check that a refused upload left none. */
export interface StorageTestInfo {
  backend: 'local' | 's3';
  /** A folder holding every stored object (the local backend's `<DATA_DIR>/files`, or the S3 server's). */
  dir: string;
}

export interface TestStorage {
  env: Record<string, string>;
  info: StorageTestInfo;
  stop(): Promise<void>;
}
