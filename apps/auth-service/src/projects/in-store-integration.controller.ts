import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { InStoreIntegrationService } from './in-store-integration.service.js';
import { InStoreTokenRetrievalService } from './in-store-token-retrieval.service.js';

@Controller()
export class InStoreIntegrationController {
  constructor(
    private readonly integrations: InStoreIntegrationService,
    private readonly retrieval: InStoreTokenRetrievalService,
  ) {}

  @Handles(Subjects.auth.inStoreIntegration.get)
  get(@Payload() { ctx }: Rpc) {
    return this.integrations.get(ctx);
  }

  @Handles(Subjects.auth.inStoreIntegration.put)
  put(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.integrations.put(ctx, draft);
  }

  @Handles(Subjects.auth.inStoreIntegration.delete)
  delete(@Payload() { ctx }: Rpc) {
    return this.integrations.delete(ctx);
  }

  @Handles(Subjects.auth.inStoreIntegration.retrieveToken)
  retrieveToken(@Payload() { ctx, request }: Rpc<{ request: unknown }>) {
    return this.retrieval.retrieve(ctx, request);
  }
}
