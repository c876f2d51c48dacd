import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns every resource table has: the resource as the API returns it in `doc`, and copies of the
 * fields that queries filter and sort on most, so B-tree indexes serve them.
 */
export abstract class DocumentColumns {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'project_key' })
  projectKey: string;

  @Column('text', { nullable: true })
  key: string | null;

  @Column('int')
  version: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_modified_at' })
  lastModifiedAt: Date;

  @Column('jsonb')
  doc: object;
}

/**
 * The SQL of a document table for migrations, version 1. Frozen: migrations that ran must mean the same
 * thing for ever, so a new table shape gets a new function instead of a change to this one.
 */
export function documentTableSqlV1(schema: string, table: string): string[] {
  const name = `"${schema}"."${table}"`;
  return [
    `CREATE TABLE ${name} (
      id text PRIMARY KEY,
      project_key text NOT NULL,
      key text,
      version int NOT NULL,
      created_at timestamptz NOT NULL,
      last_modified_at timestamptz NOT NULL,
      doc jsonb NOT NULL
    )`,
    `CREATE UNIQUE INDEX ${table}_key_uq ON ${name} (project_key, key)`,
    `CREATE INDEX ${table}_project_id_idx ON ${name} (project_key, id)`,
    `CREATE INDEX ${table}_project_created_idx ON ${name} (project_key, created_at)`,
    `CREATE INDEX ${table}_project_modified_idx ON ${name} (project_key, last_modified_at)`,
    // fastupdate off: no pending list that every lookup scans until a VACUUM (lookups stay flat between autovacuum runs).
    `CREATE INDEX ${table}_doc_idx ON ${name} USING gin (doc jsonb_path_ops) WITH (fastupdate = off)`,
  ];
}

/**
 * The column that counts a resource's Messages: the last sequence number taken (0 before the first). It lives
 * on the resource's row so that the write which checks the version also takes the numbers, and it never goes
 * back when old Messages are deleted. Frozen, like every migration's SQL.
 */
export function messageSequenceColumnSqlV1(schema: string, table: string): string {
  return `ALTER TABLE "${schema}"."${table}" ADD COLUMN message_seq int NOT NULL DEFAULT 0`;
}

/** A document table, version 2: version 1 with the Messages' counter `message_seq`. Frozen. */
export function documentTableSqlV2(schema: string, table: string): string[] {
  return [...documentTableSqlV1(schema, table), messageSequenceColumnSqlV1(schema, table)];
}

/**
 * A document table, version 3: version 2 without the `(project_key, id)` index, which the primary key on `id`
 * serves as well for every statement (measured for Stores, docs/PERFORMANCE.md). Frozen.
 */
export function documentTableSqlV3(schema: string, table: string): string[] {
  return documentTableSqlV2(schema, table).filter((sql) => !sql.includes(`${table}_project_id_idx`));
}
