import { Module } from '@nestjs/common';
import { ApiClientsRepository } from './api-clients.repository.js';

@Module({ providers: [ApiClientsRepository], exports: [ApiClientsRepository] })
export class ApiClientsModule {}
