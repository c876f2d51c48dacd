import { Operation } from '@commerce/auth';
import {
  ImportContainerResource,
  Subjects,
  validateInventoryImportRequest,
  validateOrderImportRequest,
  validateStandalonePriceImportRequest,
  validatePriceImportRequest,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';
import { resourceController } from '../resources/resource-controller.js';

/** The import containers' routes, from their descriptor (by key, replaced by PUT with a draft). */
export const ImportContainersController = resourceController(ImportContainerResource);

/**
 * The rest of the Import API on the API's host: a container's operations and summary, the embedded price
 * import, and the order, inventory and standalone price imports. Bodies are validated here and again by import-service.
 */
@Controller()
export class ImportController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('importContainers.summaries')
  summary(@Ctx() ctx: RequestContext, @Param('importContainerKey') containerKey: string) {
    return this.rpc.send(Subjects.import.summary, { ctx, containerKey });
  }

  @Operation('importContainers.operations')
  operations(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Query() query: RawQuery,
  ) {
    return this.rpc.send(Subjects.import.operation.query, { ctx, containerKey, query });
  }

  @Operation('importOperations.get')
  operation(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.rpc.send(Subjects.import.operation.get, { ctx, id });
  }

  @Operation('prices.import')
  @HttpCode(201)
  importPrices(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Body() request: unknown,
  ) {
    const validated = validatePriceImportRequest(request);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    return this.rpc.send(Subjects.import.prices, { ctx, containerKey, request });
  }

  @Operation('orders.importContainer')
  @HttpCode(201)
  importOrders(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Body() request: unknown,
  ) {
    const validated = validateOrderImportRequest(request);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    return this.rpc.send(Subjects.import.orders, { ctx, containerKey, request });
  }

  @Operation('inventories.importContainer')
  @HttpCode(201)
  importInventories(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Body() request: unknown,
  ) {
    const validated = validateInventoryImportRequest(request);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    return this.rpc.send(Subjects.import.inventories, { ctx, containerKey, request });
  }

  @Operation('standalonePrices.importContainer')
  @HttpCode(201)
  importStandalonePrices(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Body() request: unknown,
  ) {
    const validated = validateStandalonePriceImportRequest(request);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    return this.rpc.send(Subjects.import.standalonePrices, { ctx, containerKey, request });
  }
}
