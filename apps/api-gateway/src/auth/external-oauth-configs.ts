import { Subjects, type ExternalOAuth } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';

/** How long a gateway trusts its copy of a project's external OAuth setting; a project change drops it sooner. */
const TTL_MS = 60_000;

/** Each project's external OAuth configuration, cached per gateway replica. */
@Injectable()
export class ExternalOAuthConfigs {
  private readonly cache = new Map<string, { value: ExternalOAuth | null; until: number }>();

  constructor(private readonly rpc: RpcClient) {}

  async get(projectKey: string, correlationId: string): Promise<ExternalOAuth | null> {
    const cached = this.cache.get(projectKey);
    if (cached && cached.until > Date.now()) return cached.value;
    const { externalOAuth } = await this.rpc.send(Subjects.auth.project.externalOAuth, {
      ctx: { projectKey, correlationId, actor: {} },
    });
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(projectKey, { value: externalOAuth, until: Date.now() + TTL_MS });
    return externalOAuth;
  }

  invalidate(projectKey: string): void {
    this.cache.delete(projectKey);
  }
}
