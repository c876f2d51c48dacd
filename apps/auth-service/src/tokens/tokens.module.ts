import { Module } from '@nestjs/common';
import { ApiClientsModule } from '../api-clients/api-clients.module.js';
import { ClientAuthenticator } from './client-authenticator.service.js';
import { TokenGrantsService } from './token-grants.service.js';
import { TokenIssuer } from './token-issuer.service.js';
import { TokenVerifier } from './token-verifier.service.js';
import { TokensController } from './tokens.controller.js';
import { TokensRepository } from './tokens.repository.js';

@Module({
  imports: [ApiClientsModule],
  controllers: [TokensController],
  providers: [TokensRepository, TokenIssuer, TokenVerifier, ClientAuthenticator, TokenGrantsService],
})
export class TokensModule {}
