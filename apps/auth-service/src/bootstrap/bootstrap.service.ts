import { ApiError } from '@commerce/errors';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ProjectsService } from '../projects/projects.service.js';
import { loadBootstrapConfig } from './bootstrap.config.js';

/**
 * Makes sure the configured project and its admin client exist at start. Without configured admin
 * credentials nothing is created: the launcher and the Kubernetes secret always provide them.
 */
@Injectable()
export class BootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BootstrapService.name);

  constructor(private readonly projects: ProjectsService) {}

  async onApplicationBootstrap(): Promise<void> {
    const config = loadBootstrapConfig();
    if (!config.COMMERCE_ADMIN_CLIENT_ID || !config.COMMERCE_ADMIN_CLIENT_SECRET) {
      this.logger.warn('COMMERCE_ADMIN_CLIENT_ID/SECRET not set: no admin client was bootstrapped.');
      return;
    }
    await this.projects.create({
      key: config.COMMERCE_PROJECT_KEY,
      admin: { clientId: config.COMMERCE_ADMIN_CLIENT_ID, clientSecret: config.COMMERCE_ADMIN_CLIENT_SECRET },
    });
    this.logger.log(`project '${config.COMMERCE_PROJECT_KEY}' and its admin client are ready`);
    for (const key of config.COMMERCE_EXTRA_PROJECT_KEYS?.split(',') ?? []) await this.createIfAbsent(key);
  }

  /** A project with an admin client whose secret nobody learns (tests and demos of project isolation). */
  private async createIfAbsent(key: string): Promise<void> {
    try {
      await this.projects.create({ key });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'DuplicateField')) throw error;
    }
  }
}
