import {
  OrderEditDraftDto,
  UpdateRequestDto,
  type OrderEdit,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import { applyActions, type ResourceEngine, type ResourceHandlers } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ORDER_EDIT_ENGINE } from './order-edit.definition.js';

const dryRunOf = (body: unknown): boolean => (body as { dryRun?: unknown } | null)?.dryRun === true;

/**
 * The Order Edits' six subjects: the engine, and `dryRun` (on a create or an update), which answers the edit
 * as it would be, preview included, and stores nothing.
 */
@Injectable()
export class OrderEditsService implements ResourceHandlers {
  constructor(
    @Inject(ORDER_EDIT_ENGINE) private readonly engine: ResourceEngine<OrderEdit, OrderEditDraftDto>,
    private readonly db: DataSource,
  ) {}

  async create(ctx: RequestContext, raw: unknown): Promise<OrderEdit> {
    if (!dryRunOf(raw)) return this.engine.create(ctx, raw);
    return this.engine.built(ctx, parseDto(OrderEditDraftDto, raw));
  }

  get(ctx: RequestContext, ref: unknown): Promise<OrderEdit> {
    return this.engine.get(ctx, ref);
  }

  query(ctx: RequestContext, query: RawQuery | undefined) {
    return this.engine.query(ctx, query);
  }

  exists(ctx: RequestContext, ref: unknown, query: RawQuery | undefined): Promise<boolean> {
    return this.engine.exists(ctx, ref, query);
  }

  async update(ctx: RequestContext, ref: unknown, raw: unknown): Promise<OrderEdit> {
    if (!dryRunOf(raw)) return this.engine.update(ctx, ref, raw);
    const update = parseDto(UpdateRequestDto, raw);
    const current = await this.engine.get(ctx, ref);
    if (current.version !== update.version)
      throw Errors.concurrentModification(current.id, update.version, current.version);
    const { resource } = await applyActions(this.engine.definition.actions, current, update.actions, {
      ctx,
      db: this.db,
    });
    return resource;
  }

  delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<OrderEdit> {
    return this.engine.delete(ctx, ref, version);
  }
}
