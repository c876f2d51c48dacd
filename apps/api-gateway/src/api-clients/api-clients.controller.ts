import { RequireScopes } from '@commerce/auth';
import { ApiClientDraftDto, Subjects, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { Body, Controller, Delete, Get, Head, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const subjects = Subjects.auth.apiClient;

/** `/{projectKey}/api-clients`: no update and no key path (reference facts 4.6). */
@Controller(':projectKey/api-clients')
export class ApiClientsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(201)
  @RequireScopes('apiClients.create')
  create(
    @Ctx() ctx: RequestContext,
    @Body(new DtoPipe(ApiClientDraftDto)) draft: ApiClientDraftDto,
    @Req() request: FastifyRequest,
  ) {
    // A caller can hand out only what it holds itself: auth-service checks the draft against these.
    return this.rpc.send(subjects.create, { ctx, draft, callerScopes: request.principal?.scopes ?? [] });
  }

  @Get()
  @RequireScopes('apiClients.query')
  query(@Ctx() ctx: RequestContext, @Query() query: RawQuery) {
    parseQueryParams(query);
    return this.rpc.send(subjects.query, { ctx, query });
  }

  @Head()
  @RequireScopes('apiClients.existsWhere')
  async existsWhere(@Ctx() ctx: RequestContext, @Query() query: RawQuery): Promise<void> {
    parseQueryParams(query);
    if (!(await this.rpc.send(subjects.exists, { ctx, query }))) {
      throw Errors.resourceNotFound({ key: 'api-clients' });
    }
  }

  @Get(':id')
  @RequireScopes('apiClients.get')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.rpc.send(subjects.get, { ctx, ref: { id } });
  }

  @Head(':id')
  @RequireScopes('apiClients.exists')
  async exists(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<void> {
    if (!(await this.rpc.send(subjects.exists, { ctx, ref: { id } }))) {
      throw Errors.resourceNotFound({ id });
    }
  }

  @Delete(':id')
  @RequireScopes('apiClients.delete')
  delete(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.rpc.send(subjects.delete, { ctx, ref: { id } });
  }
}
