import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module.js';
import { ApiClientsController } from './api-clients.controller.js';
import { ApiClientsRepository } from './api-clients.repository.js';
import { ApiClientsService } from './api-clients.service.js';

@Module({
  imports: [TokensModule],
  controllers: [ApiClientsController],
  providers: [ApiClientsRepository, ApiClientsService],
  exports: [ApiClientsRepository],
})
export class ApiClientsModule {}
