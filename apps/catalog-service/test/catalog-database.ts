import { testDatabase } from '@commerce/persistence/testing';
import type { MessagePayload } from '@commerce/contracts';
import type { MessageSubject, MessageWriter } from '@commerce/resources';
import { catalogMigrations } from '../src/database/migrations/index.js';

/** A real PostgreSQL with the catalog schema, migrated by the service's own migrations. */
export const catalogDatabase = () => testDatabase({ schema: 'catalog', migrations: catalogMigrations });

/** A message writer that remembers what it was asked to write. */
export function recordingWriter(): MessageWriter & {
  written: Array<{ subject: MessageSubject; payloads: MessagePayload[] }>;
} {
  const written: Array<{ subject: MessageSubject; payloads: MessagePayload[] }> = [];
  return {
    written,
    append: async (_tx, subject, payloads) => {
      written.push({ subject, payloads });
    },
  };
}
