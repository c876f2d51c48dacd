import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ProjectsService } from './projects.service.js';

@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Handles(Subjects.auth.project.get)
  get(@Payload() { ctx }: Rpc) {
    return this.projects.get(ctx);
  }

  @Handles(Subjects.auth.project.update)
  update(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.projects.update(ctx, update);
  }

  @Handles(Subjects.auth.project.externalOAuth)
  externalOAuth(@Payload() { ctx }: Rpc) {
    return this.projects.externalOAuth(ctx);
  }

  @Handles(Subjects.auth.project.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.projects.createFromDraft(ctx, draft);
  }
}
