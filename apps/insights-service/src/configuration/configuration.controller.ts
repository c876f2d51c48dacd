import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConfigurationService } from './configuration.service.js';

@Controller()
export class ConfigurationController {
  constructor(private readonly configurations: ConfigurationService) {}

  @MessagePattern(Subjects.insights.configuration.get)
  get(@Payload() { ctx }: Rpc) {
    return this.configurations.get(ctx);
  }

  @MessagePattern(Subjects.insights.configuration.put)
  put(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.configurations.put(ctx, draft);
  }

  @MessagePattern(Subjects.insights.configuration.update)
  update(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.configurations.update(ctx, update);
  }

  @MessagePattern(Subjects.insights.configuration.delete)
  delete(@Payload() { ctx }: Rpc) {
    return this.configurations.delete(ctx);
  }
}
