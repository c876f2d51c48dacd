import { Subjects, type ReleasedImageFile } from '@commerce/contracts';
import { Handles } from '@commerce/messaging';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { FILE_LOCK, PRODUCT_IMAGE_FILES, RELEASED_IMAGE_FILES } from './image-file-index.js';

const MAX_CLAIM = 500;
/** A claim not confirmed within this time (the gateway died in between) is offered again. */
export const CLAIM_LEASE_SECONDS = 60;

/**
 * The outbox of uploaded files to delete, read by the gateway's sweep (docs/DECISIONS.md, "Product images"):
 * a claim re-checks in one transaction that no product shows the file (else its record just goes) and marks
 * the rest claimed, after which no product may show them again; the gateway deletes the files, then forgets
 * them. A claim the gateway never confirmed is offered again after the lease; deleting twice is harmless.
 */
export class ReleasedImageFiles {
  constructor(private readonly db: DataSource) {}

  async claim(limit: number): Promise<ReleasedImageFile[]> {
    const size = Math.max(1, Math.min(MAX_CLAIM, Math.floor(limit) || 1));
    return this.db.transaction(async (tx) => {
      const due = await tx.query<Array<{ project_key: string; file_key: string }>>(
        `SELECT project_key, file_key FROM ${RELEASED_IMAGE_FILES}
         WHERE claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})
         ORDER BY released_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [size],
      );
      // A file a product write holds right now is left for the next claim. The check that no product shows
      // it is a later statement than the lock, so it sees every write that held the lock before.
      const free: typeof due = [];
      for (const row of due) {
        const [{ locked }] = await tx.query<Array<{ locked: boolean }>>(
          `SELECT pg_try_advisory_xact_lock(${FILE_LOCK}) AS locked`,
          [row.project_key, row.file_key],
        );
        if (locked) free.push(row);
      }
      if (free.length === 0) return [];
      const shown = new Set(
        (
          await tx.query<Array<{ project_key: string; file_key: string }>>(
            `SELECT DISTINCT project_key, file_key FROM ${PRODUCT_IMAGE_FILES}
             WHERE (project_key, file_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
            [free.map((row) => row.project_key), free.map((row) => row.file_key)],
          )
        ).map((row) => `${row.project_key}\u0000${row.file_key}`),
      );
      const isShown = (row: (typeof due)[number]) => shown.has(`${row.project_key}\u0000${row.file_key}`);
      const unused = free.filter((row) => !isShown(row));
      const stillShown = free.filter(isShown);
      if (stillShown.length > 0) await remove(tx, stillShown);
      if (unused.length > 0) {
        await tx.query(
          `UPDATE ${RELEASED_IMAGE_FILES} SET claimed_at = now()
           WHERE (project_key, file_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
          [unused.map((row) => row.project_key), unused.map((row) => row.file_key)],
        );
      }
      return unused.map((row) => ({ projectKey: row.project_key, key: row.file_key }));
    });
  }

  /** Forgets files the gateway deleted; only claimed records go (a fresh release of the same file stays). */
  async forget(files: ReleasedImageFile[]): Promise<number> {
    if (!Array.isArray(files) || files.length === 0) return 0;
    const rows = await this.db.query<unknown[]>(
      `WITH gone AS (
         DELETE FROM ${RELEASED_IMAGE_FILES}
         WHERE claimed_at IS NOT NULL
           AND (project_key, file_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))
         RETURNING 1)
       SELECT * FROM gone`,
      [files.map((file) => String(file.projectKey)), files.map((file) => String(file.key))],
    );
    return rows.length;
  }
}

async function remove(
  tx: { query: DataSource['query'] },
  rows: Array<{ project_key: string; file_key: string }>,
): Promise<void> {
  await tx.query(
    `DELETE FROM ${RELEASED_IMAGE_FILES}
     WHERE (project_key, file_key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [rows.map((row) => row.project_key), rows.map((row) => row.file_key)],
  );
}

@Controller()
export class ReleasedImageFilesController {
  private readonly files: ReleasedImageFiles;

  constructor(db: DataSource) {
    this.files = new ReleasedImageFiles(db);
  }

  @Handles(Subjects.catalog.product.claimReleasedImageFiles)
  async claim(@Payload() { limit }: { limit: number }) {
    return { files: await this.files.claim(limit) };
  }

  @Handles(Subjects.catalog.product.forgetReleasedImageFiles)
  async forget(@Payload() { files }: { files: ReleasedImageFile[] }) {
    return { forgotten: await this.files.forget(files) };
  }
}
