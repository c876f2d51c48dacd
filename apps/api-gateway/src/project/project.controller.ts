import { Operation } from '@commerce/auth';
import { ProjectDraftDto, Subjects, UpdateRequestDto, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Body, Controller, HttpCode } from '@nestjs/common';
import { DtoPipe } from '../http/dto.pipe.js';
import { Ctx } from '../http/request-context.decorator.js';

/** The Project resource, `GET|HEAD|POST /{projectKey}` (reference facts 4.5). */
@Controller()
export class ProjectController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation('project.get')
  get(@Ctx() ctx: RequestContext) {
    return this.rpc.send(Subjects.auth.project.get, { ctx });
  }

  @Operation('project.exists')
  async exists(@Ctx() ctx: RequestContext): Promise<void> {
    await this.rpc.send(Subjects.auth.project.get, { ctx });
  }

  @Operation('project.update')
  @HttpCode(200)
  update(@Ctx() ctx: RequestContext, @Body(new DtoPipe(UpdateRequestDto)) update: UpdateRequestDto) {
    return this.rpc.send(Subjects.auth.project.update, { ctx, update });
  }

  /** A new project with its admin client, for the platform's admin only (docs/DECISIONS.md, Projects). */
  @Operation('projects.create')
  @HttpCode(201)
  create(@Ctx() ctx: RequestContext, @Body(new DtoPipe(ProjectDraftDto)) draft: ProjectDraftDto) {
    return this.rpc.send(Subjects.auth.project.create, { ctx, draft });
  }
}
