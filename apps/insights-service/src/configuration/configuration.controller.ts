import { Handles } from '@commerce/messaging';
import { InsightsConfigurationResource, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ConfigurationService } from './configuration.service.js';

// The configuration's subjects come from its descriptor (a singleton: no `ref`).
const subjects = InsightsConfigurationResource.subjects;

@Controller()
export class ConfigurationController {
  constructor(private readonly configurations: ConfigurationService) {}

  @Handles(subjects.get)
  get(@Payload() { ctx }: Rpc) {
    return this.configurations.get(ctx);
  }

  @Handles(subjects.put)
  put(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.configurations.put(ctx, draft);
  }

  @Handles(subjects.update)
  update(@Payload() { ctx, update }: Rpc<{ update: unknown }>) {
    return this.configurations.update(ctx, update);
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx }: Rpc) {
    return this.configurations.delete(ctx);
  }
}
