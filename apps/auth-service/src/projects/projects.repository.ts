import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StoredProject } from './external-oauth.js';
import { withProjectDefaults } from './project.defaults.js';

@Injectable()
export class ProjectsRepository {
  constructor(private readonly db: DataSource) {}

  async find(key: string, db: Queryable = this.db): Promise<StoredProject | undefined> {
    const rows = await db.query<Array<{ doc: StoredProject }>>(
      `SELECT doc FROM "auth"."projects" WHERE key = $1`,
      [key],
    );
    return rows[0] && withProjectDefaults(rows[0].doc);
  }

  /** Inserts the project unless it exists; returns whether it was created. */
  async insertIfAbsent(project: StoredProject, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `INSERT INTO "auth"."projects" (key, version, created_at, doc) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [project.key, project.version, project.createdAt, project],
    );
    return rows.length === 1;
  }

  /** Writes a new version only if the stored one is still `expectedVersion`. */
  async replace(project: StoredProject, expectedVersion: number, db: Queryable = this.db): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `WITH changed AS (
         UPDATE "auth"."projects" SET version = $3, doc = $4 WHERE key = $1 AND version = $2 RETURNING 1)
       SELECT * FROM changed`,
      [project.key, expectedVersion, project.version, project],
    );
    return rows.length === 1;
  }
}
