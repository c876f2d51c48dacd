import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ConfigurationService } from './configuration.service.js';

@Controller()
export class ConfigurationController {
  constructor(private readonly configurations: ConfigurationService) {}

  @Handles(Subjects.insights.configuration.get)
  get(@Payload() { ctx }: Rpc) {
    return this.configurations.get(ctx);
  }

  @Handles(Subjects.insights.configuration.put)
  put(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.configurations.put(ctx, draft);
  }

  @Handles(Subjects.insights.configuration.update)
  update(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.configurations.update(ctx, update);
  }

  @Handles(Subjects.insights.configuration.delete)
  delete(@Payload() { ctx }: Rpc) {
    return this.configurations.delete(ctx);
  }
}
