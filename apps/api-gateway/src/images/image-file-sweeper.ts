import { IMAGES_PREFIX, Subjects, type ReleasedImageFile } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { PeriodicJob } from '@commerce/service-kit';
import { isObjectKey, type ObjectStorage } from '@commerce/storage';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { OBJECT_STORAGE } from './product-images.service.js';

const BATCH = 100;

/**
 * Deletes the uploaded image files no product shows any more: catalog-service, which knows what products
 * show, keeps them in its outbox (`released_image_files`, written in the product's own transaction); this
 * sweep claims a batch, deletes the files and then confirms them. A gateway that dies in between leaves them
 * claimed, and they are offered again after the claim's lease; deleting twice is harmless. Replicas claim
 * disjoint batches.
 */
@Injectable()
export class ImageFileSweeper extends PeriodicJob {
  protected readonly what = 'deleting released image files';
  private running = false;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.IMAGE_FILE_SWEEP_INTERVAL_MS;
  }

  /** Deletes every released file there is now; the number deleted. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let total = 0;
    try {
      for (;;) {
        const { files } = await this.rpc.send(Subjects.catalog.product.claimReleasedImageFiles, {
          limit: BATCH,
        });
        const deleted = await this.deleteAll(files);
        if (deleted.length > 0) {
          await this.rpc.send(Subjects.catalog.product.forgetReleasedImageFiles, { files: deleted });
        }
        total += deleted.length;
        if (files.length < BATCH || deleted.length === 0) return total;
      }
    } finally {
      this.running = false;
    }
  }

  private async deleteAll(files: ReleasedImageFile[]): Promise<ReleasedImageFile[]> {
    const deleted: ReleasedImageFile[] = [];
    for (const file of files) {
      // Only a key of the project's own uploads is ever deleted.
      if (!file.key.startsWith(`${IMAGES_PREFIX}/${file.projectKey}/`) || !isObjectKey(file.key)) continue;
      try {
        await this.storage.delete(file.key);
        deleted.push(file);
      } catch (error) {
        this.warn(error);
      }
    }
    return deleted;
  }
}
