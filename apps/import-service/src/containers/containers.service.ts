import {
  ImportContainerDraftDto,
  ImportContainerUpdateDraftDto,
  timeToLiveMs,
  type ImportContainer,
  type PagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OperationsRepository } from '../operations/operations.repository.js';
import { pagingOf, type RawQuery } from '../shared/paging.js';
import { CONTAINER_SORT, ContainersRepository } from './containers.repository.js';

/** Reference facts 5.2: without a retention policy a container expires 72 hours after its creation. */
export const DEFAULT_CONTAINER_LIFETIME_MS = 72 * 3_600_000;

/** Import containers: created, read, paged, updated with their version, deleted with their operations. */
@Injectable()
export class ContainersService {
  constructor(
    private readonly db: DataSource,
    private readonly containers: ContainersRepository,
    private readonly operations: OperationsRepository,
  ) {}

  async create(ctx: RequestContext, raw: unknown): Promise<ImportContainer> {
    const draft = parseDto(ImportContainerDraftDto, raw);
    const now = new Date();
    const lifetime = draft.retentionPolicy
      ? timeToLiveMs(draft.retentionPolicy.config.timeToLive)!
      : DEFAULT_CONTAINER_LIFETIME_MS;
    const container: ImportContainer = {
      key: draft.key,
      ...(draft.resourceType ? { resourceType: draft.resourceType } : {}),
      version: 1,
      ...(draft.retentionPolicy
        ? {
            retentionPolicy: {
              strategy: 'ttl',
              config: { timeToLive: draft.retentionPolicy.config.timeToLive },
            },
          }
        : {}),
      createdAt: now.toISOString(),
      lastModifiedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetime).toISOString(),
    };
    if (!(await this.containers.insert(this.db, ctx.projectKey, container))) {
      throw Errors.duplicateField('key', draft.key);
    }
    return container;
  }

  async get(ctx: RequestContext, key: unknown): Promise<ImportContainer> {
    const found =
      typeof key === 'string' ? await this.containers.find(this.db, ctx.projectKey, key) : undefined;
    if (!found) throw Errors.importContainerNotFound(key);
    return found;
  }

  async query(ctx: RequestContext, query: RawQuery = {}): Promise<PagedQueryResponse<ImportContainer>> {
    const paging = pagingOf(query, CONTAINER_SORT, 'created_at ASC, key ASC');
    const { results, total } = await this.containers.page(this.db, ctx.projectKey, paging);
    return { limit: paging.limit, offset: paging.offset, count: results.length, total, results };
  }

  /** `PUT`: the version must match; `resourceType` is set, or removed when absent. */
  async update(ctx: RequestContext, key: unknown, raw: unknown): Promise<ImportContainer> {
    const draft = parseDto(ImportContainerUpdateDraftDto, raw);
    const current = await this.get(ctx, key);
    if (current.version !== draft.version) throw conflict(current, draft.version);
    const { resourceType: _previous, ...rest } = current;
    const next: ImportContainer = {
      ...rest,
      ...(draft.resourceType ? { resourceType: draft.resourceType } : {}),
      version: current.version + 1,
      lastModifiedAt: new Date().toISOString(),
    };
    if (!(await this.containers.replace(this.db, ctx.projectKey, next, draft.version))) {
      throw conflict(await this.get(ctx, key), draft.version);
    }
    return next;
  }

  /** Deletes the container and all of its operations, in one transaction. */
  async delete(ctx: RequestContext, key: unknown): Promise<ImportContainer> {
    if (typeof key !== 'string') throw Errors.importContainerNotFound(key);
    const deleted = await this.db.transaction(async (tx) => {
      const gone = await this.containers.delete(tx, ctx.projectKey, key);
      if (gone) await this.operations.deleteOfContainer(tx, ctx.projectKey, key);
      return gone;
    });
    if (!deleted) throw Errors.importContainerNotFound(key);
    return deleted;
  }
}

/** Reference facts 1.6: `ConcurrentModification` with the specified and the current version. */
function conflict(current: ImportContainer, specifiedVersion: number): ApiError {
  return new ApiError({
    code: 'ConcurrentModification',
    message: `A concurrent modification was detected. Expected version ${specifiedVersion}, actual ${current.version}.`,
    specifiedVersion,
    currentVersion: current.version,
    conflictedResource: current.key,
  });
}
