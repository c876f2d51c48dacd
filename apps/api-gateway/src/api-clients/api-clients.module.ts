import { Module } from '@nestjs/common';
import { ApiClientsController } from './api-clients.controller.js';

@Module({ controllers: [ApiClientsController] })
export class ApiClientsModule {}
