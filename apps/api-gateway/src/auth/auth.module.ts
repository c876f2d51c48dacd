import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard.js';
import { Authenticator } from './authenticator.service.js';
import { ExternalIntrospection } from './external-introspection.service.js';
import { ExternalOAuthConfigs } from './external-oauth-configs.js';
import { KnownProjects } from './known-projects.js';
import { TokenEventsController } from './token-events.controller.js';

@Module({
  controllers: [TokenEventsController],
  providers: [
    Authenticator,
    ExternalOAuthConfigs,
    ExternalIntrospection,
    KnownProjects,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [Authenticator],
})
export class AuthModule {}
