import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { InStoreService } from './in-store.service.js';

const subjects = Subjects.catalog.inStore;

@Controller()
export class InStoreController {
  constructor(private readonly inStore: InStoreService) {}

  @Handles(subjects.productProjection)
  projection(@Payload() { ctx, ref, staged }: Rpc<{ ref: unknown; staged?: unknown }>) {
    if (staged !== undefined && typeof staged !== 'boolean')
      throw Errors.invalidInput('staged must be a boolean.');
    return this.inStore.projection(ctx, ref, staged ?? false);
  }

  @Handles(subjects.assignments)
  assignments(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.inStore.assignments(ctx, query);
  }
}
