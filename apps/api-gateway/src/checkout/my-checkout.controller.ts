import { Operation, type OperationId } from '@commerce/auth';
import { Subjects, versionOfQuery, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import type { RawQuery } from '@commerce/query';
import { Body, Controller, HttpCode, Param, Query, type Type } from '@nestjs/common';
import { Errors } from '@commerce/errors';
import { Ctx } from '../http/request-context.decorator.js';
import { existsWhere } from './exists-where.js';

const myPayment = Subjects.checkout.myPayment;
const myOrder = Subjects.checkout.myOrder;

/** `/me/payments`: the token's own payments (checkout-service decides whose and what). */
@Controller()
export class MyPaymentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('myPayments.create')
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
    return this.rpc.send(myPayment.create, { ctx, draft });
  }

  @Operation('myPayments.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(myPayment.query, { ctx, query });
  }

  /** 200 when one of the token's payments matches `where`, 404 (no body) when none does. */
  @Operation('myPayments.existsWhere')
  async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery): Promise<void> {
    await existsWhere(query, (first) => this.rpc.send(myPayment.query, { ctx, query: first }));
  }

  @Operation('myPayments.get')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.rpc.send(myPayment.get, { ctx, id });
  }

  @Operation('myPayments.exists')
  async exists(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<void> {
    await this.rpc.send(myPayment.get, { ctx, id });
  }

  @Operation('myPayments.update')
  @HttpCode(200)
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() update: unknown) {
    return this.rpc.send(myPayment.update, { ctx, id, update });
  }

  @Operation('myPayments.delete')
  delete(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: RawQuery) {
    return this.rpc.send(myPayment.delete, { ctx, id, version: versionOfQuery(query) });
  }
}

/** `/me/orders` globally or in a Store: the token's own orders. */
function myOrdersController(prefix: 'myOrders' | 'inStore.myOrders'): Type<unknown> {
  const op = (operation: 'create' | 'query' | 'existsWhere' | 'get' | 'exists') =>
    `${prefix}.${operation}` as OperationId;

  @Controller()
  class MyOrdersController {
    constructor(private readonly rpc: RpcClient) {}

    @Operation(op('create'))
    @HttpCode(201)
    create(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
      return this.rpc.send(myOrder.create, { ctx, draft });
    }

    @Operation(op('query'))
    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      return this.rpc.send(myOrder.query, { ctx, query });
    }

    @Operation(op('existsWhere'))
    async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      if (!(await this.rpc.send(myOrder.exists, { ctx, query }))) throw notFound('where');
    }

    @Operation(op('get'))
    get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
      return this.rpc.send(myOrder.get, { ctx, id });
    }

    @Operation(op('exists'))
    async exists(@Ctx() ctx: RequestContext, @Param('id') id: string) {
      if (!(await this.rpc.send(myOrder.exists, { ctx, id }))) throw notFound(id);
    }
  }
  Object.defineProperty(MyOrdersController, 'name', { value: `${prefix.replaceAll('.', '')}Controller` });
  return MyOrdersController;
}

const notFound = (id: string) => Errors.resourceNotFound({ id });

export const MyOrdersController = myOrdersController('myOrders');
export const InStoreMyOrdersController = myOrdersController('inStore.myOrders');

/** `POST /orders/import`: an order from another system, as given (201). */
@Controller()
export class OrderImportController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('orders.import')
  @HttpCode(201)
  import(@Ctx() ctx: RequestContext, @Body() draft: unknown) {
    return this.rpc.send(Subjects.checkout.order.import, { ctx, draft });
  }
}

/** `POST /orders/edits/{id}/apply` (`OrderEditApply`): the edit, now Applied, with 200. */
@Controller()
export class OrderEditApplyController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('orderEdits.apply')
  @HttpCode(200)
  apply(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.rpc.send(Subjects.checkout.applyOrderEdit, { ctx, id, body });
  }
}
