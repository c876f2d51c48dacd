import {
  StoreDraftDto,
  UpdateRequestDto,
  clientLogging,
  type PagedQueryResponse,
  type RequestContext,
  type Store,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { QueryParams } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { storesTable } from './stores.table.js';

export type StoreRef = { id: string } | { key: string };

@Injectable()
export class StoresService {
  constructor(private readonly db: DataSource) {}

  async create(ctx: RequestContext, rawDraft: unknown): Promise<Store> {
    const draft = parseDto(StoreDraftDto, rawDraft);
    const now = new Date().toISOString();
    const logging = clientLogging(ctx.actor);
    const store: Store = {
      id: randomUUID(),
      version: 1,
      key: draft.key,
      ...(draft.name ? { name: draft.name } : {}),
      languages: draft.languages ?? [],
      countries: (draft.countries ?? []).map(({ code }) => ({ code })),
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
      createdAt: now,
      lastModifiedAt: now,
      createdBy: logging,
      lastModifiedBy: logging,
    };
    await storesTable.insert(this.db, ctx.projectKey, store);
    return store;
  }

  async get(ctx: RequestContext, ref: StoreRef): Promise<Store> {
    const store = await this.find(ctx, ref);
    if (!store) throw Errors.resourceNotFound(ref);
    return store;
  }

  async exists(
    ctx: RequestContext,
    ref: StoreRef | undefined,
    where: string[],
    vars: Record<string, string[]>,
  ) {
    if (ref) return (await this.find(ctx, ref)) !== undefined;
    return storesTable.existsWhere(this.db, ctx.projectKey, where, vars);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResponse<Store>> {
    return storesTable.query(this.db, ctx.projectKey, params);
  }

  async update(ctx: RequestContext, ref: StoreRef, rawUpdate: unknown): Promise<Store> {
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const current = await this.get(ctx, ref);
    if (current.version !== update.version) {
      throw Errors.concurrentModification(current.id, update.version, current.version);
    }
    return current;
  }

  async delete(ctx: RequestContext, ref: StoreRef, version: number): Promise<Store> {
    const current = await this.get(ctx, ref);
    const deleted = await storesTable.delete(this.db, ctx.projectKey, current.id, version);
    if (!deleted) throw Errors.concurrentModification(current.id, version, current.version);
    return deleted;
  }

  private find(ctx: RequestContext, ref: StoreRef): Promise<Store | undefined> {
    return 'id' in ref
      ? storesTable.findById(this.db, ctx.projectKey, ref.id)
      : storesTable.findByKey(this.db, ctx.projectKey, ref.key);
  }
}
