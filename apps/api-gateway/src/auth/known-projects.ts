import { Subjects } from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * How long a gateway trusts an answer. Projects are never deleted, and the answer only decides between 404
 * (no such project) and 403 (another project's paths) for a token of another project, so a stale "unknown"
 * costs nothing but a 404 instead of a 403 for this long after a project is created.
 */
const TTL_MS = 60_000;

/**
 * Which project keys exist, asked of auth-service (`auth.projects.get`, it owns projects) and cached per
 * gateway replica. Only a token of another project makes the guard ask: a token proves its own project.
 */
@Injectable()
export class KnownProjects {
  private readonly cache = new LRUCache<string, boolean>({ max: 10_000, ttl: TTL_MS });

  constructor(private readonly rpc: RpcClient) {}

  async exists(projectKey: string, correlationId: string): Promise<boolean> {
    const cached = this.cache.get(projectKey);
    if (cached !== undefined) return cached;
    const exists = await this.rpc
      .send(Subjects.auth.project.get, { ctx: { projectKey, correlationId, actor: {} } })
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'ResourceNotFound') return false;
          throw error;
        },
      );
    this.cache.set(projectKey, exists);
    return exists;
  }
}
