import { RequireScopes, type OperationId } from '@commerce/auth';
import {
  CustomerDraftDto,
  Subjects,
  UpdateRequestDto,
  versionOfQuery,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Body, Controller, Delete, Get, Head, HttpCode, Post, Query, type Type } from '@nestjs/common';
import { DescribeBody } from '../openapi/describe-body.js';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';
import { IdOrKeyParam, type IdOrKey } from '../resources/id-or-key.decorator.js';

const subjects = Subjects.auth.customer;

type Operation = 'create' | 'query' | 'existsWhere' | 'get' | 'exists' | 'update' | 'delete';

/**
 * The customer routes, globally (`/{projectKey}/customers`) or in one Store
 * (`/{projectKey}/in-store/key={storeKey}/customers`, where `ctx.storeKey` limits everything to that Store).
 */
function customersController(path: string, operations: Record<Operation, OperationId>): Type<unknown> {
  @Controller(path)
  class CustomersController {
    constructor(private readonly rpc: RpcClient) {}

    @Post()
    @HttpCode(201)
    @RequireScopes(operations.create)
    create(@Ctx() ctx: RequestContext, @Body(new DtoPipe(CustomerDraftDto)) draft: CustomerDraftDto) {
      return this.rpc.send(subjects.create, { ctx, draft });
    }

    @Get()
    @RequireScopes(operations.query)
    query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
      parseQueryParams(query);
      return this.rpc.send(subjects.query, { ctx, query });
    }

    @Head()
    @RequireScopes(operations.existsWhere)
    async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery): Promise<void> {
      parseQueryParams(query);
      if (!(await this.rpc.send(subjects.exists, { ctx, query }))) {
        throw Errors.resourceNotFound({ key: 'customers' });
      }
    }

    @Get(':idOrKey')
    @RequireScopes(operations.get)
    get(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey) {
      return this.rpc.send(subjects.get, { ctx, ref });
    }

    @Head(':idOrKey')
    @RequireScopes(operations.exists)
    async exists(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey): Promise<void> {
      if (!(await this.rpc.send(subjects.exists, { ctx, ref }))) throw Errors.resourceNotFound(ref);
    }

    @Post(':idOrKey')
    @HttpCode(200)
    @RequireScopes(operations.update)
    @DescribeBody({ updateOf: 'customer' })
    update(
      @Ctx() ctx: RequestContext,
      @IdOrKeyParam() ref: IdOrKey,
      @Body(new DtoPipe(UpdateRequestDto)) update: UpdateRequestDto,
    ) {
      return this.rpc.send(subjects.update, { ctx, ref, update });
    }

    @Delete(':idOrKey')
    @RequireScopes(operations.delete)
    delete(@Ctx() ctx: RequestContext, @IdOrKeyParam() ref: IdOrKey, @Query() query: RawQuery) {
      return this.rpc.send(subjects.delete, { ctx, ref, version: versionOfQuery(query) });
    }
  }
  Object.defineProperty(CustomersController, 'name', {
    value: `${operations.create.split('.create')[0]}Controller`,
  });
  return CustomersController;
}

export const CustomersController = customersController(':projectKey/customers', {
  create: 'customers.create',
  query: 'customers.query',
  existsWhere: 'customers.existsWhere',
  get: 'customers.get',
  exists: 'customers.exists',
  update: 'customers.update',
  delete: 'customers.delete',
});

export const InStoreCustomersController = customersController(
  ':projectKey/in-store/key=:storeKey/customers',
  {
    create: 'inStore.customers.create',
    query: 'inStore.customers.query',
    existsWhere: 'inStore.customers.existsWhere',
    get: 'inStore.customers.get',
    exists: 'inStore.customers.exists',
    update: 'inStore.customers.update',
    delete: 'inStore.customers.delete',
  },
);
