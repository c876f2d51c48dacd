import { RequireScopes } from '@commerce/auth';
import {
  ImportContainerDraftDto,
  ImportContainerUpdateDraftDto,
  Subjects,
  validatePriceImportRequest,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';
import type { RawQuery } from '../resources/resource-client.js';

const containers = Subjects.import.container;

/**
 * The Import API on the API's host: import containers, their operations and summaries, and the embedded
 * price import. Bodies are validated here and again by import-service.
 */
@Controller(':projectKey')
export class ImportController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('import-containers')
  @HttpCode(201)
  @RequireScopes('importContainers.create')
  create(@Ctx() ctx: RequestContext, @Body(new DtoPipe(ImportContainerDraftDto)) draft: object) {
    return this.rpc.send(containers.create, { ctx, draft });
  }

  @Get('import-containers')
  @RequireScopes('importContainers.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    return this.rpc.send(containers.query, { ctx, query });
  }

  @Get('import-containers/:importContainerKey')
  @RequireScopes('importContainers.get')
  get(@Ctx() ctx: RequestContext, @Param('importContainerKey') key: string) {
    return this.rpc.send(containers.get, { ctx, key });
  }

  @Put('import-containers/:importContainerKey')
  @RequireScopes('importContainers.update')
  update(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') key: string,
    @Body(new DtoPipe(ImportContainerUpdateDraftDto)) update: object,
  ) {
    return this.rpc.send(containers.update, { ctx, key, update });
  }

  @Delete('import-containers/:importContainerKey')
  @RequireScopes('importContainers.delete')
  delete(@Ctx() ctx: RequestContext, @Param('importContainerKey') key: string) {
    return this.rpc.send(containers.delete, { ctx, key });
  }

  @Get('import-containers/:importContainerKey/import-summaries')
  @RequireScopes('importContainers.summaries')
  summary(@Ctx() ctx: RequestContext, @Param('importContainerKey') containerKey: string) {
    return this.rpc.send(Subjects.import.summary, { ctx, containerKey });
  }

  @Get('import-containers/:importContainerKey/import-operations')
  @RequireScopes('importContainers.operations')
  operations(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Query() query: RawQuery,
  ) {
    return this.rpc.send(Subjects.import.operation.query, { ctx, containerKey, query });
  }

  @Get('import-operations/:id')
  @RequireScopes('importOperations.get')
  operation(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.rpc.send(Subjects.import.operation.get, { ctx, id });
  }

  @Post('prices/import-containers/:importContainerKey')
  @HttpCode(201)
  @RequireScopes('prices.import')
  importPrices(
    @Ctx() ctx: RequestContext,
    @Param('importContainerKey') containerKey: string,
    @Body() request: unknown,
  ) {
    const validated = validatePriceImportRequest(request);
    if (!validated.ok) throw Errors.importRequestRejected(validated.errors);
    return this.rpc.send(Subjects.import.prices, { ctx, containerKey, request });
  }
}
