import { Operation, type OperationId } from '@commerce/auth';
import { Subjects, versionOfQuery, type Cart, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams } from '@commerce/query';
import { Body, Controller, HttpCode, Param, Query, type Type } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import { existsWhere } from './exists-where.js';
import { Expander } from '../resources/expander.service.js';
import type { RawQuery } from '../resources/resource-client.js';

const mine = Subjects.checkout.myCart;

type MyCartOperation =
  | 'myCarts.create'
  | 'myCarts.query'
  | 'myCarts.existsWhere'
  | 'myCarts.get'
  | 'myCarts.exists'
  | 'myCarts.update'
  | 'myCarts.delete'
  | 'myCarts.replicate'
  | 'activeCart.get'
  | 'activeCart.exists';

/** The `expand` paths of a request, checked before anything is written. */
const expandOf = (query: RawQuery): string[] => parseQueryParams(query).expand;

/**
 * A customer's or anonymous session's own carts (`/me/carts`, `/me/active-cart`), globally or in one Store:
 * checkout-service takes the owner from the token (`ctx.actor`) and answers 404 for anyone else's cart.
 * Every answer expands what `expand` asks, as on `/carts` (the expand paths are checked before a write).
 */
function myCartsController(prefix: 'me' | 'inStore.me'): Type<unknown> {
  const op = (operation: MyCartOperation) => `${prefix}.${operation}` as OperationId;

  @Controller()
  class MyCartsController {
    constructor(
      private readonly rpc: RpcClient,
      private readonly expander: Expander,
    ) {}

    @Operation(op('myCarts.create'))
    @HttpCode(201)
    async create(@Ctx() ctx: RequestContext, @Body() draft: unknown, @Query() query: RawQuery) {
      const expand = expandOf(query);
      return this.one(ctx, await this.rpc.send(mine.create, { ctx, draft }), expand);
    }

    @Operation(op('myCarts.query'))
    async query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      const { expand } = parseQueryParams(query);
      const page = await this.rpc.send(mine.query, { ctx, query });
      return { ...page, results: await this.expander.expand(ctx, page.results, expand) };
    }

    /** 200 when one of the token's carts matches `where`, 404 (no body) when none does. */
    @Operation(op('myCarts.existsWhere'))
    async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery): Promise<void> {
      await existsWhere(query, (first) => this.rpc.send(mine.query, { ctx, query: first }));
    }

    @Operation(op('myCarts.get'))
    async get(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
      const expand = expandOf(query);
      return this.one(ctx, await this.rpc.send(mine.get, { ctx, ref: { id } }), expand);
    }

    @Operation(op('myCarts.exists'))
    async exists(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<void> {
      await this.rpc.send(mine.get, { ctx, ref: { id } });
    }

    @Operation(op('myCarts.update'))
    @HttpCode(200)
    async update(
      @Ctx() ctx: RequestContext,
      @Param('id') id: string,
      @Body() update: unknown,
      @Query() query: RawQuery,
    ) {
      const expand = expandOf(query);
      return this.one(ctx, await this.rpc.send(mine.update, { ctx, ref: { id }, update }), expand);
    }

    @Operation(op('myCarts.delete'))
    async delete(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
      const expand = expandOf(query);
      const version = versionOfQuery(query);
      return this.one(ctx, await this.rpc.send(mine.delete, { ctx, ref: { id }, version }), expand);
    }

    @Operation(op('myCarts.replicate'))
    @HttpCode(201)
    async replicate(@Ctx() ctx: RequestContext, @Body() draft: unknown, @Query() query: RawQuery) {
      const expand = expandOf(query);
      return this.one(ctx, await this.rpc.send(mine.replicate, { ctx, draft }), expand);
    }

    @Operation(op('activeCart.get'))
    async active(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      const expand = expandOf(query);
      return this.one(ctx, await this.rpc.send(mine.active, { ctx }), expand);
    }

    @Operation(op('activeCart.exists'))
    async activeExists(@Ctx() ctx: RequestContext): Promise<void> {
      await this.rpc.send(mine.active, { ctx });
    }

    private async one(ctx: RequestContext, cart: Cart, expand: string[]): Promise<Cart> {
      if (expand.length === 0) return cart;
      const [expanded] = await this.expander.expand(ctx, [cart], expand);
      return expanded;
    }
  }
  Object.defineProperty(MyCartsController, 'name', {
    value: prefix === 'me' ? 'MyCartsController' : 'InStoreMyCartsController',
  });
  return MyCartsController;
}

export const MyCartsController = myCartsController('me');
export const InStoreMyCartsController = myCartsController('inStore.me');

/** `POST /carts/replicate` (and in a Store): a new Active cart from a cart (checkout facts 4.9). */
function replicateController(operation: 'carts.replicate' | 'inStore.carts.replicate'): Type<unknown> {
  @Controller()
  class ReplicateCartController {
    constructor(private readonly rpc: RpcClient) {}

    @Operation(operation)
    @HttpCode(201)
    replicate(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
      return this.rpc.send(Subjects.checkout.replicateCart, { ctx, draft });
    }
  }
  Object.defineProperty(ReplicateCartController, 'name', {
    value: `${operation.replace('.', '_')}Controller`,
  });
  return ReplicateCartController;
}

export const ReplicateCartController = replicateController('carts.replicate');
export const InStoreReplicateCartController = replicateController('inStore.carts.replicate');

/** `GET|HEAD /carts/customer-id={customerId}` (and in a Store): the customer's active cart (checkout facts 1). */
function cartByCustomerController(prefix: 'carts' | 'inStore.carts'): Type<unknown> {
  @Controller()
  class CartByCustomerController {
    constructor(
      private readonly rpc: RpcClient,
      private readonly expander: Expander,
    ) {}

    @Operation(`${prefix}.byCustomer`)
    async get(@Ctx() ctx: RequestContext, @Param('customerId') customerId: string, @Query() query: RawQuery) {
      const expand = expandOf(query);
      const cart = await this.rpc.send(Subjects.checkout.cartByCustomer, { ctx, customerId });
      if (expand.length === 0) return cart;
      const [expanded] = await this.expander.expand(ctx, [cart], expand);
      return expanded;
    }

    /** 200 when the customer has an active cart, 404 (no body) when not. */
    @Operation(`${prefix}.existsByCustomer`)
    async exists(@Ctx() ctx: RequestContext, @Param('customerId') customerId: string): Promise<void> {
      await this.rpc.send(Subjects.checkout.cartByCustomer, { ctx, customerId });
    }
  }
  Object.defineProperty(CartByCustomerController, 'name', {
    value: prefix === 'carts' ? 'CartByCustomerController' : 'InStoreCartByCustomerController',
  });
  return CartByCustomerController;
}

export const CartByCustomerController = cartByCustomerController('carts');
export const InStoreCartByCustomerController = cartByCustomerController('inStore.carts');

/** `POST /carts/customer-id={customerId}/merge` (and in a Store): the anonymous cart merged (checkout facts 4.8). */
function cartMergeController(prefix: 'carts' | 'inStore.carts'): Type<unknown> {
  @Controller()
  class CartMergeController {
    constructor(
      private readonly rpc: RpcClient,
      private readonly expander: Expander,
    ) {}

    @Operation(`${prefix}.merge`)
    @HttpCode(200)
    async merge(
      @Ctx() ctx: RequestContext,
      @Param('customerId') customerId: string,
      @Body() draft: unknown,
      @Query() query: RawQuery,
    ) {
      const expand = expandOf(query);
      const cart = await this.rpc.send(Subjects.checkout.mergeCart, {
        ctx,
        customerId,
        draft: draft ?? {},
      });
      if (!cart) throw Errors.resourceNotFound({ key: 'active-cart' });
      if (expand.length === 0) return cart;
      const [expanded] = await this.expander.expand(ctx, [cart], expand);
      return expanded;
    }
  }
  Object.defineProperty(CartMergeController, 'name', {
    value: prefix === 'carts' ? 'CartMergeController' : 'InStoreCartMergeController',
  });
  return CartMergeController;
}

export const CartMergeController = cartMergeController('carts');
export const InStoreCartMergeController = cartMergeController('inStore.carts');
