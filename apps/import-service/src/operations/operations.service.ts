import {
  PROCESSING_STATES,
  type ImportOperation,
  type ImportResponse,
  type ImportSummary,
  type PagedQueryResponse,
  type ProcessingState,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ContainersService } from '../containers/containers.service.js';
import {
  IMPORTERS,
  type ImportedResource,
  type Importer,
  type ServedResourceType,
} from '../importers/importers.js';
import { ImportWorker } from '../processing/import-worker.js';
import { flag, pagingOf, text, type RawQuery } from '../shared/paging.js';
import { OPERATION_SORT, OperationsRepository } from './operations.repository.js';

/** Reference facts 5.2: an operation is deleted 48 hours after its creation. */
export const OPERATION_LIFETIME_MS = 48 * 3_600_000;

/** Accepts import requests as operations, and shows operations and their summary. */
@Injectable()
export class OperationsService {
  constructor(
    private readonly db: DataSource,
    private readonly containers: ContainersService,
    private readonly operations: OperationsRepository,
    private readonly worker: ImportWorker,
  ) {}

  importPrices(ctx: RequestContext, containerKey: unknown, raw: unknown): Promise<ImportResponse> {
    return this.accept(ctx, containerKey, 'price', raw);
  }

  importOrders(ctx: RequestContext, containerKey: unknown, raw: unknown): Promise<ImportResponse> {
    return this.accept(ctx, containerKey, 'order', raw);
  }

  importInventories(ctx: RequestContext, containerKey: unknown, raw: unknown): Promise<ImportResponse> {
    return this.accept(ctx, containerKey, 'inventory', raw);
  }

  importStandalonePrices(ctx: RequestContext, containerKey: unknown, raw: unknown): Promise<ImportResponse> {
    return this.accept(ctx, containerKey, 'standalone-price', raw);
  }

  /**
   * Validates the whole request (a bad field refuses all of it), then stores one operation per resource
   * before answering: from then on the workers own them, whatever happens to this process.
   */
  private async accept(
    ctx: RequestContext,
    containerKey: unknown,
    resourceType: ServedResourceType,
    raw: unknown,
  ): Promise<ImportResponse> {
    const importer = IMPORTERS[resourceType] as Importer<ImportedResource>;
    const validated = importer.validate(raw);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    const container = await this.containers.get(ctx, containerKey);
    if (container.resourceType !== undefined && container.resourceType !== resourceType) {
      throw Errors.invalidInput(
        `The import container '${container.key}' accepts only resources of type '${container.resourceType}'.`,
      );
    }
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OPERATION_LIFETIME_MS).toISOString();
    const actor = {
      ...ctx.actor,
      attributedTo: { clientId: ctx.actor.clientId, source: 'Import' as const },
    };
    const created = validated.value.resources.map((resource) => {
      const operation: ImportOperation = {
        version: 1,
        importContainerKey: container.key,
        resourceKey: importer.resourceKey(resource),
        resourceType,
        id: randomUUID(),
        state: 'processing',
        createdAt: now.toISOString(),
        lastModifiedAt: now.toISOString(),
        expiresAt,
      };
      return { operation, groupKey: importer.groupKey(resource), resource, actor };
    });
    if (created.length > 0) await this.operations.insertMany(this.db, ctx.projectKey, container.key, created);
    this.worker.wake();
    return {
      operationStatus: created.map(({ operation }) => ({ operationId: operation.id, state: 'processing' })),
    };
  }

  async get(ctx: RequestContext, id: unknown): Promise<ImportOperation> {
    const found =
      typeof id === 'string' ? await this.operations.find(this.db, ctx.projectKey, id) : undefined;
    if (!found) throw Errors.resourceNotFound({ id: String(id) });
    return found;
  }

  /** The operations of a container; `debug=true` shows what an unresolved one waits for. */
  async query(
    ctx: RequestContext,
    containerKey: unknown,
    query: RawQuery = {},
  ): Promise<PagedQueryResponse<ImportOperation>> {
    const container = await this.containers.get(ctx, containerKey);
    const state = text(query, 'state');
    if (state !== undefined && !PROCESSING_STATES.includes(state as ProcessingState)) {
      throw Errors.invalidInput(
        `Malformed parameter: state: must be one of ${PROCESSING_STATES.join(', ')}.`,
      );
    }
    const paging = pagingOf(query, OPERATION_SORT, 'seq ASC');
    const { results, total } = await this.operations.page(
      this.db,
      ctx.projectKey,
      { containerKey: container.key, state, resourceKey: text(query, 'resourceKey') },
      paging,
    );
    const shown = flag(query, 'debug')
      ? results
      : results.map(({ unresolvedReferences: _hidden, ...operation }) => operation);
    return { limit: paging.limit, offset: paging.offset, count: shown.length, total, results: shown };
  }

  async summary(ctx: RequestContext, containerKey: unknown): Promise<ImportSummary> {
    const container = await this.containers.get(ctx, containerKey);
    const counts = await this.operations.countByState(this.db, ctx.projectKey, container.key);
    const states = Object.fromEntries(
      PROCESSING_STATES.map((state) => [state, 0]),
    ) as ImportSummary['states'];
    for (const { state, count } of counts) states[state] = Number(count);
    return { states, total: counts.reduce((sum, { count }) => sum + Number(count), 0) };
  }
}
