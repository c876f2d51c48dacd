import { Subjects, type RequestContext, type TriggeredExtension } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** How long a service trusts its copy of a project's extensions; `evt.auth.extensions-changed` drops it sooner. */
export const PROJECT_EXTENSIONS_TTL_MS = 30_000;

/** A service's cached view of a project's API Extensions (owned by auth-service, secrets opened). */
@Injectable()
export class ProjectExtensions {
  private readonly cache = new Map<string, { extensions: TriggeredExtension[]; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async get(ctx: RequestContext): Promise<TriggeredExtension[]> {
    const cached = this.cache.get(ctx.projectKey);
    if (cached && cached.until > Date.now()) return cached.extensions;
    const extensions = await this.rpc.send(Subjects.auth.extensionTriggers, { ctx });
    this.cache.set(ctx.projectKey, { extensions, until: Date.now() + PROJECT_EXTENSIONS_TTL_MS });
    return extensions;
  }

  invalidate(projectKey: string): void {
    this.cache.delete(projectKey);
  }
}
