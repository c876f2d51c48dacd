import { DocumentTable, messageSequenceColumnSqlV1 } from '@commerce/persistence';
import type { BaseResource, Message } from '@commerce/contracts';
import { baseResourceSpec, type QuerySchema } from '@commerce/query';

/** The fields of a Message that `where` and `sort` may name. */
export const messageQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  sequenceNumber: { type: 'number', column: 'sequence_number' },
  // `resource(id = "...")`, the usual question, reads the `resource_id` column (B-tree) instead of the document.
  resource: {
    type: 'object',
    fields: { typeId: { type: 'string' }, id: { type: 'string', column: 'resource_id' } },
  },
  resourceVersion: { type: 'number' },
  type: { type: 'string', column: 'type' },
  resourceUserProvidedIdentifiers: {
    type: 'object',
    fields: { key: { type: 'string' }, externalId: { type: 'string' }, sku: { type: 'string' } },
  },
};

export function messagesTable(schema: string): DocumentTable<Message & BaseResource> {
  return new DocumentTable<Message & BaseResource>(`"${schema}"."messages"`, messageQuerySchema);
}

/**
 * The SQL of a service's messages table, version 1 (frozen). A document table (so the shared query engine
 * serves `GET /messages`) plus the columns of ordering, retention and publishing.
 */
export function messagesTableSqlV1(schema: string): string[] {
  const name = `"${schema}"."messages"`;
  return [
    `CREATE TABLE ${name} (
      id text PRIMARY KEY,
      project_key text NOT NULL,
      key text,
      version int NOT NULL,
      created_at timestamptz NOT NULL,
      last_modified_at timestamptz NOT NULL,
      doc jsonb NOT NULL,
      resource_id text NOT NULL,
      sequence_number int NOT NULL,
      type text NOT NULL,
      expires_at timestamptz NOT NULL,
      published_at timestamptz
    )`,
    `CREATE UNIQUE INDEX messages_resource_sequence_uq ON ${name} (resource_id, sequence_number)`,
    `CREATE INDEX messages_project_created_idx ON ${name} (project_key, created_at)`,
    `CREATE INDEX messages_project_id_idx ON ${name} (project_key, id)`,
    `CREATE INDEX messages_expires_idx ON ${name} (expires_at)`,
    `CREATE INDEX messages_unpublished_idx ON ${name} (created_at) WHERE published_at IS NULL`,
    `CREATE INDEX messages_doc_idx ON ${name} USING gin (doc jsonb_path_ops) WITH (fastupdate = off)`,
  ];
}

/** The relay's one stream: every service's relay publishes there, each keeping its own position. */
export const MESSAGES_STREAM = 'COMMERCE_MESSAGES';

/**
 * The SQL that moves a service's Messages from `published_at` flags to the relay's position (version 2 of the
 * messages table; frozen). Each Message gets `gid` (an identity: the order the relay publishes in, allocated
 * under the resource's row lock, so one resource's Messages are numbered in commit order) and `tx` (the
 * writing transaction's id: the relay publishes a transaction's Messages once a snapshot shows it committed).
 * Messages already published get `tx` 2, below every transaction id, which the first position counts as
 * published; unpublished ones get the migration's own transaction id, so the relay still publishes them.
 * `message_relay` holds one row per stream: see MessageRelay. The GIN index on the Messages' documents goes:
 * it cost two thirds of every write's WAL, and the usual question (`resource(id = ...)`) reads `resource_id`.
 */
export function messagesRelaySqlV1(schema: string): string[] {
  const name = `"${schema}"."messages"`;
  return [
    `ALTER TABLE ${name} ADD COLUMN tx xid8 NOT NULL DEFAULT '2'`,
    `UPDATE ${name} SET tx = pg_current_xact_id() WHERE published_at IS NULL`,
    `ALTER TABLE ${name} ALTER COLUMN tx SET DEFAULT pg_current_xact_id()`,
    `ALTER TABLE ${name} ADD COLUMN gid bigint`,
    `UPDATE ${name} SET gid = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, resource_id, sequence_number) AS n
       FROM ${name}) AS o WHERE ${name}.id = o.id`,
    `ALTER TABLE ${name} ALTER COLUMN gid SET NOT NULL`,
    `ALTER TABLE ${name} ALTER COLUMN gid ADD GENERATED ALWAYS AS IDENTITY`,
    `SELECT setval(pg_get_serial_sequence('${name}', 'gid'), coalesce(max(gid), 0) + 1, false) FROM ${name}`,
    `DROP INDEX "${schema}"."messages_unpublished_idx"`,
    // Two thirds of a write's WAL, measured (docs/PERFORMANCE.md); `resource(id = ...)` uses `resource_id`.
    `DROP INDEX "${schema}"."messages_doc_idx"`,
    `ALTER TABLE ${name} DROP COLUMN published_at`,
    `CREATE INDEX messages_tx_idx ON ${name} (tx)`,
    `CREATE TABLE "${schema}"."message_relay" (
      stream text PRIMARY KEY,
      snapshot pg_snapshot NOT NULL,
      next_snapshot pg_snapshot,
      after_gid bigint NOT NULL DEFAULT 0,
      attempt_started_at timestamptz NOT NULL DEFAULT now()
    )`,
    `INSERT INTO "${schema}"."message_relay" (stream, snapshot) VALUES ('${MESSAGES_STREAM}', '3:3:')`,
  ];
}

/**
 * The Messages' counter on each resource table of a service (`message_seq`), set from the Messages kept so
 * far (frozen). A resource whose Messages were all deleted already starts again after 0: the numbers it had
 * before are not known any more.
 */
export function messageSequenceSqlV1(schema: string, tables: string[]): string[] {
  return tables.flatMap((table) => [
    messageSequenceColumnSqlV1(schema, table),
    `UPDATE "${schema}"."${table}" AS r SET message_seq = m.n
     FROM (SELECT resource_id, max(sequence_number) AS n FROM "${schema}"."messages" GROUP BY resource_id) AS m
     WHERE r.id = m.resource_id`,
  ]);
}
