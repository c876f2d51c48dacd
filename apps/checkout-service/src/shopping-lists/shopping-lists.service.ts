import type { RequestContext, ShoppingList, ShoppingListDraftDto } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine, ResourceHandlers } from '@commerce/resources';
import { Inject, Injectable } from '@nestjs/common';
import { SHOPPING_LIST_ENGINE } from './shopping-list.definition.js';

const whereOf = (raw: RawQuery | undefined): string[] =>
  raw?.where === undefined ? [] : Array.isArray(raw.where) ? raw.where : [raw.where];

/**
 * The shopping lists' six subjects: the engine behind the Store rule. In a Store (`ctx.storeKey`) only its
 * lists exist (any other answers 404) and a list created there is assigned to it.
 */
@Injectable()
export class ShoppingListsService implements ResourceHandlers {
  constructor(
    @Inject(SHOPPING_LIST_ENGINE) private readonly engine: ResourceEngine<ShoppingList, ShoppingListDraftDto>,
  ) {}

  create(ctx: RequestContext, draft: unknown): Promise<ShoppingList> {
    return this.engine.create(ctx, draft);
  }

  async get(ctx: RequestContext, ref: unknown): Promise<ShoppingList> {
    return this.inStore(ctx, await this.engine.get(ctx, ref), ref);
  }

  /** The lists `where` asks for, in a Store only its own (`extraWhere`: the `/me` owner's predicate). */
  query(ctx: RequestContext, raw: RawQuery | undefined, ...extraWhere: string[]) {
    const where = [
      ...whereOf(raw),
      ...extraWhere,
      ...(ctx.storeKey !== undefined ? [`store(key = ${JSON.stringify(ctx.storeKey)})`] : []),
    ];
    return this.engine.query(ctx, { ...raw, ...(where.length > 0 ? { where } : {}) });
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery | undefined): Promise<boolean> {
    if (ref === undefined || ref === null) {
      if (ctx.storeKey === undefined) return this.engine.exists(ctx, ref, raw);
      return (await this.query(ctx, { ...raw, limit: '1', withTotal: 'false' })).results.length > 0;
    }
    const list = await this.engine.find(ctx, ref);
    return list !== undefined && (ctx.storeKey === undefined || list.store?.key === ctx.storeKey);
  }

  async update(ctx: RequestContext, ref: unknown, update: unknown): Promise<ShoppingList> {
    if (ctx.storeKey !== undefined) await this.get(ctx, ref);
    return this.engine.update(ctx, ref, update);
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<ShoppingList> {
    if (ctx.storeKey !== undefined) await this.get(ctx, ref);
    return this.engine.delete(ctx, ref, version);
  }

  /** A list of another Store (or none) does not exist in this Store. */
  private inStore(ctx: RequestContext, list: ShoppingList, ref: unknown): ShoppingList {
    if (ctx.storeKey !== undefined && list.store?.key !== ctx.storeKey)
      throw Errors.resourceNotFound(ref as { id: string } | { key: string });
    return list;
  }
}
