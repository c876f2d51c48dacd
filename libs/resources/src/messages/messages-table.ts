import { DocumentTable } from '@commerce/persistence';
import type { BaseResource, Message } from '@commerce/contracts';
import { baseResourceSpec, type QuerySchema } from '@commerce/query';

/** The fields of a Message that `where` and `sort` may name. */
export const messageQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  sequenceNumber: { type: 'number', column: 'sequence_number' },
  resource: { type: 'reference' },
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
