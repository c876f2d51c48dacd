import { Module } from '@nestjs/common';
import { ApiClientsModule } from '../api-clients/api-clients.module.js';
import { ExternalOAuthSealing } from './external-oauth-sealing.js';
import { InStoreIntegrationController } from './in-store-integration.controller.js';
import { InStoreIntegrationRepository } from './in-store-integration.repository.js';
import { InStoreIntegrationService } from './in-store-integration.service.js';
import { InStoreTokenRetrievalService } from './in-store-token-retrieval.service.js';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [ApiClientsModule, TokensModule],
  controllers: [ProjectsController, InStoreIntegrationController],
  providers: [
    AuthSecrets,
    ExternalOAuthSealing,
    ProjectsRepository,
    ProjectsService,
    InStoreIntegrationRepository,
    InStoreIntegrationService,
    InStoreTokenRetrievalService,
  ],
  exports: [ProjectsService],
})
export class ProjectsModule {}
