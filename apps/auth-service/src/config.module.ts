import { Global, Module } from '@nestjs/common';
import { AUTH_CONFIG, loadAuthConfig } from './auth.config.js';

/** auth-service's own settings, read and validated once at start. */
@Global()
@Module({ providers: [{ provide: AUTH_CONFIG, useFactory: () => loadAuthConfig() }], exports: [AUTH_CONFIG] })
export class AuthConfigModule {}
