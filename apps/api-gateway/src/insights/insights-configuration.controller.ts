import { RequireScopes } from '@commerce/auth';
import {
  InsightsUpdateDto,
  ProjectConfigurationDraftDto,
  Subjects,
  type RequestContext,
} from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

const subjects = Subjects.insights.configuration;

/** `/{projectKey}/insights-configuration`: one configuration per project, `manage_project` only. */
@Controller(':projectKey/insights-configuration')
export class InsightsConfigurationController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequireScopes('insightsConfiguration.get')
  get(@Ctx() ctx: RequestContext) {
    return this.rpc.send(subjects.get, { ctx });
  }

  @Put()
  @RequireScopes('insightsConfiguration.put')
  put(
    @Ctx() ctx: RequestContext,
    @Body(new DtoPipe(ProjectConfigurationDraftDto)) draft: ProjectConfigurationDraftDto,
  ) {
    return this.rpc.send(subjects.put, { ctx, draft });
  }

  @Post()
  @HttpCode(200)
  @RequireScopes('insightsConfiguration.update')
  update(@Ctx() ctx: RequestContext, @Body(new DtoPipe(InsightsUpdateDto)) update: InsightsUpdateDto) {
    return this.rpc.send(subjects.update, { ctx, update });
  }

  @Delete()
  @RequireScopes('insightsConfiguration.delete')
  delete(@Ctx() ctx: RequestContext) {
    return this.rpc.send(subjects.delete, { ctx });
  }
}
