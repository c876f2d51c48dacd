import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { checkObjectKey, type ObjectStorage, type StoredObject } from './object-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, ...); unset: AWS's endpoint for the region. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name (what most S3-compatible servers need). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, web identity, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, e.g. `images/`. */
  keyPrefix?: string;
}

/** Only a missing key is "nothing there": a missing bucket is a misconfiguration, reported as an error. */
const isNotFound = (error: unknown) => error instanceof S3ServiceException && error.name === 'NoSuchKey';

/** Objects in an S3-compatible bucket through the AWS SDK v3. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where the API requires them: many S3-compatible servers do not know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        ContentMD5: createHash('md5').update(body).digest('base64'),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
      );
      const body = Buffer.from(await answer.Body!.transformToByteArray());
      return {
        body,
        contentType: answer.ContentType ?? 'application/octet-stream',
        etag: answer.ETag ?? `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  close(): void {
    this.client.destroy();
  }

  private keyOf(key: string): string {
    return `${this.options.keyPrefix ?? ''}${checkObjectKey(key)}`;
  }
}
