import { Operation, type OperationId } from '@commerce/auth';
import { Subjects, versionOfQuery, type RequestContext, type ShoppingList } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams } from '@commerce/query';
import { Body, Controller, HttpCode, Query, type Type } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { existsWhere } from './exists-where.js';
import { Expander } from '../resources/expander.service.js';
import { expandAll, type RawQuery } from '../resources/resource-client.js';
import { ResourceRefParam, type ResourceRef } from '../resources/resource-ref.decorator.js';
import { SHOPPING_LIST_EXPANSION } from './shopping-list-expansion.js';

const mine = Subjects.checkout.myShoppingList;

type Operation = 'create' | 'query' | 'existsWhere' | 'get' | 'exists' | 'update' | 'delete';

/**
 * The token's own shopping lists (`/me/shopping-lists`, by id or key), globally or in one Store:
 * checkout-service takes the owner from the token (`ctx.actor`) and answers 404 for anyone else's list.
 * Answers expand what `expand` asks, `lineItems[*].variant` included, as on `/shopping-lists`.
 */
function myShoppingListsController(prefix: 'myShoppingLists' | 'inStore.myShoppingLists'): Type<unknown> {
  const op = (operation: Operation) => `${prefix}.${operation}` as OperationId;

  @Controller()
  class MyShoppingListsController {
    constructor(
      private readonly rpc: RpcClient,
      private readonly expander: Expander,
    ) {}

    @Operation(op('create'))
    @HttpCode(201)
    async create(@Ctx() ctx: RequestContext, @Body() draft: unknown, @Query() query: RawQuery) {
      const { expand } = parseQueryParams(query);
      return this.one(ctx, await this.rpc.send(mine.create, { ctx, draft }), expand);
    }

    @Operation(op('query'))
    async query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      const { expand } = parseQueryParams(query);
      const page = await this.rpc.send(mine.query, { ctx, query });
      return { ...page, results: await this.expand(ctx, page.results, expand) };
    }

    @Operation(op('existsWhere'))
    async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery): Promise<void> {
      await existsWhere(query, (first) => this.rpc.send(mine.query, { ctx, query: first }));
    }

    @Operation(op('get'))
    async get(@Ctx() ctx: RequestContext, @ResourceRefParam() ref: ResourceRef, @Query() query: RawQuery) {
      const { expand } = parseQueryParams(query);
      return this.one(ctx, await this.rpc.send(mine.get, { ctx, ref: refOf(ref) }), expand);
    }

    @Operation(op('exists'))
    async exists(@Ctx() ctx: RequestContext, @ResourceRefParam() ref: ResourceRef): Promise<void> {
      await this.rpc.send(mine.get, { ctx, ref: refOf(ref) });
    }

    @Operation(op('update'))
    @HttpCode(200)
    async update(
      @Ctx() ctx: RequestContext,
      @ResourceRefParam() ref: ResourceRef,
      @Body() update: unknown,
      @Query() query: RawQuery,
    ) {
      const { expand } = parseQueryParams(query);
      return this.one(ctx, await this.rpc.send(mine.update, { ctx, ref: refOf(ref), update }), expand);
    }

    @Operation(op('delete'))
    async delete(@Ctx() ctx: RequestContext, @ResourceRefParam() ref: ResourceRef, @Query() query: RawQuery) {
      const { expand } = parseQueryParams(query);
      const version = versionOfQuery(query);
      return this.one(ctx, await this.rpc.send(mine.delete, { ctx, ref: refOf(ref), version }), expand);
    }

    private expand(ctx: RequestContext, lists: ShoppingList[], expand: string[]) {
      return expandAll(this.rpc, this.expander, ctx, lists, expand, SHOPPING_LIST_EXPANSION);
    }

    private async one(ctx: RequestContext, list: ShoppingList, expand: string[]) {
      if (expand.length === 0) return list;
      const [expanded] = await this.expand(ctx, [list], expand);
      return expanded;
    }
  }
  Object.defineProperty(MyShoppingListsController, 'name', {
    value: prefix === 'myShoppingLists' ? 'MyShoppingListsController' : 'InStoreMyShoppingListsController',
  });
  return MyShoppingListsController;
}

function refOf(ref: ResourceRef) {
  if (!ref) throw Errors.invalidInput('A shopping list id or key is required.');
  return ref;
}

export const MyShoppingListsController = myShoppingListsController('myShoppingLists');
export const InStoreMyShoppingListsController = myShoppingListsController('inStore.myShoppingLists');
