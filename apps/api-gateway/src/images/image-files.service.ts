import { isObjectKey, type ObjectStorage, type StoredObject } from '@commerce/storage';
import { Errors } from '@commerce/errors';
import { Inject, Injectable } from '@nestjs/common';
import { imageKey } from './image-names.js';
import { OBJECT_STORAGE } from './product-images.service.js';

/** The stored image a public URL names, or 404 `URI not found` as for any unknown path. */
@Injectable()
export class ImageFilesService {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async read(path: string, projectKey: string, id: string, fileName: string): Promise<StoredObject> {
    const key = imageKey(projectKey, id, fileName);
    const stored = isObjectKey(key) ? await this.storage.get(key) : undefined;
    if (!stored) throw Errors.routeNotFound(path);
    return stored;
  }
}
