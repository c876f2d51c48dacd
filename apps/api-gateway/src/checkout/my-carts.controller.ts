import { Operation, type OperationId } from '@commerce/auth';
import { Subjects, versionOfQuery, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode, Param, Query, type Type } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';

const mine = Subjects.checkout.myCart;

type MyCartOperation =
  | 'myCarts.create'
  | 'myCarts.query'
  | 'myCarts.get'
  | 'myCarts.update'
  | 'myCarts.delete'
  | 'myCarts.replicate'
  | 'activeCart.get';

/**
 * A customer's or anonymous session's own carts (`/me/carts`, `/me/active-cart`), globally or in one Store:
 * checkout-service takes the owner from the token (`ctx.actor`) and answers 404 for anyone else's cart.
 */
function myCartsController(prefix: 'me' | 'inStore.me'): Type<unknown> {
  const op = (operation: MyCartOperation) => `${prefix}.${operation}` as OperationId;

  @Controller()
  class MyCartsController {
    constructor(private readonly rpc: RpcClient) {}

    @Operation(op('myCarts.create'))
    @HttpCode(201)
    create(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
      return this.rpc.send(mine.create, { ctx, draft });
    }

    @Operation(op('myCarts.query'))
    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.rpc.send(mine.query, { ctx, query });
    }

    @Operation(op('myCarts.get'))
    get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
      return this.rpc.send(mine.get, { ctx, ref: { id } });
    }

    @Operation(op('myCarts.update'))
    @HttpCode(200)
    update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() update: unknown) {
      return this.rpc.send(mine.update, { ctx, ref: { id }, update });
    }

    @Operation(op('myCarts.delete'))
    delete(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
      return this.rpc.send(mine.delete, { ctx, ref: { id }, version: versionOfQuery(query) });
    }

    @Operation(op('myCarts.replicate'))
    @HttpCode(201)
    replicate(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
      return this.rpc.send(mine.replicate, { ctx, draft });
    }

    @Operation(op('activeCart.get'))
    active(@Ctx() ctx: RequestContext) {
      return this.rpc.send(mine.active, { ctx });
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
