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
    AuthGuard,
    // The one guard of every Nest route; the described routes' dispatch calls the same instance.
    { provide: APP_GUARD, useExisting: AuthGuard },
  ],
  exports: [Authenticator, AuthGuard],
})
export class AuthModule {}
