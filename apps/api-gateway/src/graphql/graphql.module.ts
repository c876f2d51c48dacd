import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GraphqlController } from './graphql.controller.js';
import { GraphqlExecutor } from './graphql-executor.service.js';

@Module({ imports: [AuthModule], controllers: [GraphqlController], providers: [GraphqlExecutor] })
export class GraphqlModule {}
