import { Subjects, type Project, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** How long a service trusts its copy of a project's settings; `evt.auth.project-changed` drops it sooner. */
export const PROJECT_SETTINGS_TTL_MS = 30_000;

/** A service's cached view of project settings (languages, messages configuration) owned by auth-service. */
@Injectable()
export class ProjectSettings {
  private readonly cache = new Map<string, { project: Project; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async get(ctx: RequestContext): Promise<Project> {
    const cached = this.cache.get(ctx.projectKey);
    if (cached && cached.until > Date.now()) return cached.project;
    const project = await this.rpc.send(Subjects.auth.project.get, { ctx });
    this.cache.set(ctx.projectKey, { project, until: Date.now() + PROJECT_SETTINGS_TTL_MS });
    return project;
  }

  invalidate(projectKey: string): void {
    this.cache.delete(projectKey);
  }
}
