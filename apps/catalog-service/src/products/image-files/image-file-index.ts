import { Errors } from '@commerce/errors';
import { imageFileKeyOf, type Product } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';

export const PRODUCT_IMAGE_FILES = '"catalog"."product_image_files"';
export const RELEASED_IMAGE_FILES = '"catalog"."released_image_files"';
/** The transaction-scoped lock of one file (`$1` project key, `$2` file key), taken by writers and claims. */
export const FILE_LOCK = `hashtextextended('product-image-file/' || $1 || '/' || $2, 0)`;

// DELETE ... RETURNING is read through a CTE: TypeORM answers a bare DELETE with [rows, count].

/** The keys of the uploaded files a product shows, in current or staged data, any variant. */
export function imageFileKeysOf(projectKey: string, product: Product): string[] {
  const { current, staged } = product.masterData;
  const urls = [current, staged].flatMap((data) =>
    [data.masterVariant, ...data.variants].flatMap((variant) => (variant.images ?? []).map((i) => i.url)),
  );
  const keys = urls.flatMap((url) => imageFileKeyOf(url, projectKey) ?? []);
  return [...new Set(keys)];
}

/**
 * Keeps `product_image_files` (which product shows which uploaded file) in the product's write transaction,
 * and records in `released_image_files` the files no product shows any more, for the gateway to delete
 * (docs/DECISIONS.md, "Product images"). A file whose delete has been claimed cannot be shown again: that
 * write is refused, so a claimed file is never one a product shows (both sides take the file's lock).
 */
export async function indexImageFiles(db: Queryable, projectKey: string, product: Product): Promise<void> {
  const keys = imageFileKeysOf(projectKey, product);
  const before = await db.query<Array<{ file_key: string }>>(
    `WITH gone AS (DELETE FROM ${PRODUCT_IMAGE_FILES} WHERE product_id = $1 RETURNING file_key)
     SELECT file_key FROM gone`,
    [product.id],
  );
  if (keys.length > 0) {
    // Each file's lock first (in order, so two writers never deadlock): a claim in progress finishes and its
    // mark is seen below, and a claim after this one waits for the commit and then sees this product.
    for (const key of [...keys].sort()) {
      await db.query(`SELECT pg_advisory_xact_lock(${FILE_LOCK})`, [projectKey, key]);
    }
    const released = await db.query<Array<{ file_key: string; claimed: boolean }>>(
      `SELECT file_key, claimed_at IS NOT NULL AS claimed FROM ${RELEASED_IMAGE_FILES}
       WHERE project_key = $1 AND file_key = ANY($2::text[])`,
      [projectKey, keys],
    );
    const claimed = released.find((row) => row.claimed);
    if (claimed) {
      throw Errors.invalidOperation(
        `The image file ${claimed.file_key} was removed from every product and is being deleted; upload it again.`,
      );
    }
    if (released.length > 0) {
      await db.query(
        `DELETE FROM ${RELEASED_IMAGE_FILES} WHERE project_key = $1 AND file_key = ANY($2::text[])`,
        [projectKey, released.map((row) => row.file_key)],
      );
    }
    await db.query(
      `INSERT INTO ${PRODUCT_IMAGE_FILES} (project_key, file_key, product_id)
       SELECT $1, file_key, $2 FROM unnest($3::text[]) AS shown(file_key)`,
      [projectKey, product.id, keys],
    );
  }
  const dropped = before.map((row) => row.file_key).filter((key) => !keys.includes(key));
  await release(db, projectKey, dropped);
}

/** The product is gone: every file it showed is released (unless another product shows it). */
export async function unindexImageFiles(db: Queryable, projectKey: string, productId: string): Promise<void> {
  const before = await db.query<Array<{ file_key: string }>>(
    `WITH gone AS (DELETE FROM ${PRODUCT_IMAGE_FILES} WHERE product_id = $1 RETURNING file_key)
     SELECT file_key FROM gone`,
    [productId],
  );
  await release(
    db,
    projectKey,
    before.map((row) => row.file_key),
  );
}

/** Records files for deletion; whether another product still shows one is checked again when it is claimed. */
async function release(db: Queryable, projectKey: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `INSERT INTO ${RELEASED_IMAGE_FILES} (project_key, file_key, released_at)
     SELECT $1, file_key, now() FROM unnest($2::text[]) AS released(file_key)
     ON CONFLICT (project_key, file_key) DO NOTHING`,
    [projectKey, keys],
  );
}
