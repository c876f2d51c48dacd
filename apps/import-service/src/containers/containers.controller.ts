import { Handles } from '@commerce/messaging';
import { ImportContainerResource, type Rpc } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RawQuery } from '../shared/paging.js';
import { ContainersService } from './containers.service.js';

// The container's subjects come from its descriptor; a container is addressed by its key (`ref: {key}`).
const subjects = ImportContainerResource.subjects;

/** The key of `ref` as it came over the wire (the service refuses anything but a string). */
const keyOf = (ref: unknown): unknown => (ref as { key?: unknown } | null | undefined)?.key;

@Controller()
export class ContainersController {
  constructor(private readonly containers: ContainersService) {}

  @Handles(subjects.create)
  create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
    return this.containers.create(ctx, draft);
  }

  @Handles(subjects.get)
  get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.containers.get(ctx, keyOf(ref));
  }

  @Handles(subjects.query)
  query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
    return this.containers.query(ctx, query);
  }

  @Handles(subjects.update)
  update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
    return this.containers.update(ctx, keyOf(ref), update);
  }

  @Handles(subjects.delete)
  delete(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
    return this.containers.delete(ctx, keyOf(ref));
  }
}
