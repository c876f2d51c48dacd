import { ResourcesModule } from '@commerce/resources';
import type { ServiceApp } from '@commerce/service-kit';
import { ApiClientsModule } from './api-clients/api-clients.module.js';
import { BootstrapModule } from './bootstrap/bootstrap.module.js';
import { AuthConfigModule } from './config.module.js';
import { CustomerSearchModule } from './customer-search/customer-search.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { ExtensionsModule } from './extensions/extensions.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { authMigrations } from './database/migrations/index.js';
import { ProjectsModule } from './projects/projects.module.js';
import { OAuthModule } from './tokens/oauth.module.js';
import { TokensModule } from './tokens/tokens.module.js';

/**
 * auth-service owns projects, API clients, customers and their credentials, tokens and the customers'
 * Messages (schema `auth`). `auth.resolve` is answered by the customers module itself.
 */
export const authServiceApp: ServiceApp = {
  name: 'auth-service',
  subjectPrefix: 'auth',
  database: { schema: 'auth', migrations: authMigrations },
  imports: [
    AuthConfigModule,
    ResourcesModule.forService({ prefix: 'auth', schema: 'auth', resolve: false }),
    ProjectsModule,
    TokensModule,
    ApiClientsModule,
    CustomersModule,
    ExtensionsModule,
    SubscriptionsModule,
    CustomerSearchModule,
    OAuthModule,
    BootstrapModule,
  ],
};
