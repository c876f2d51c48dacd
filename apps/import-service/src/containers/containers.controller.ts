import { Handles } from '@commerce/messaging';
import { Subjects, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RawQuery } from '../shared/paging.js';
import { ContainersService } from './containers.service.js';

const subjects = Subjects.import.container;

@Controller()
export class ContainersController {
  constructor(private readonly containers: ContainersService) {}

  @Handles(subjects.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.containers.create(ctx, draft);
  }

  @Handles(subjects.get)
  get(@Payload() { ctx, key }: Rpc<{ key: unknown }>) {
    return this.containers.get(ctx, key);
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.containers.query(ctx, query);
  }

  @Handles(subjects.update)
  update(@Payload() { ctx, key, update }: Rpc<{ key: unknown; update: unknown }>) {
    return this.containers.update(ctx, key, update);
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx, key }: Rpc<{ key: unknown }>) {
    return this.containers.delete(ctx, key);
  }
}
