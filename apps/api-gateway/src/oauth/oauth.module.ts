import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OAuthController } from './oauth.controller.js';

@Module({ imports: [AuthModule], controllers: [OAuthController] })
export class OAuthModule {}
