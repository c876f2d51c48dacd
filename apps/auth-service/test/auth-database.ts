import { testDatabase } from '@commerce/persistence/testing';
import { authMigrations } from '../src/database/migrations/index.js';

/** A real PostgreSQL with the auth schema migrated by the committed migrations. */
export const authDatabase = () => testDatabase({ schema: 'auth', migrations: authMigrations });
