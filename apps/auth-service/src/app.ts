import type { ServiceApp } from '@commerce/service-kit';
import { BootstrapModule } from './bootstrap/bootstrap.module.js';
import { authMigrations } from './database/migrations/index.js';
import { ProjectsModule } from './projects/projects.module.js';
import { TokensModule } from './tokens/tokens.module.js';

/** auth-service owns projects, API clients, customers' credentials and tokens (schema `auth`). */
export const authServiceApp: ServiceApp = {
  name: 'auth-service',
  subjectPrefix: 'auth',
  database: { schema: 'auth', migrations: authMigrations },
  imports: [ProjectsModule, TokensModule, BootstrapModule],
};
