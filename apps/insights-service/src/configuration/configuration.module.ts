import { Module } from '@nestjs/common';
import { SecretKeeper } from '../secrets/secret-keeper.js';
import { ConfigurationController } from './configuration.controller.js';
import { ConfigurationRepository } from './configuration.repository.js';
import { ConfigurationService } from './configuration.service.js';

@Module({
  controllers: [ConfigurationController],
  providers: [ConfigurationRepository, ConfigurationService, SecretKeeper],
  exports: [ConfigurationRepository, SecretKeeper],
})
export class ConfigurationModule {}
