import type { ReferenceLookup, ResourceSubjects, Rpc } from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { ResourceEngine } from './resource-engine.js';
import { ResourceRegistry } from './resource-registry.js';
import type { VersionedResource } from './resource-definition.js';

type Engine = ResourceEngine<VersionedResource, object>;

/** The RPC face of one resource: each subject handed to its engine, which validates what arrives. */
export function resourceRpcController(
  subjects: ResourceSubjects,
  engineToken: string | symbol,
): Type<unknown> {
  @Controller()
  class ResourceRpcController {
    constructor(@Inject(engineToken) private readonly engine: Engine) {}

    @MessagePattern(subjects.create)
    create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
      return this.engine.create(ctx, draft);
    }

    @MessagePattern(subjects.get)
    get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
      return this.engine.get(ctx, ref);
    }

    @MessagePattern(subjects.query)
    query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
      return this.engine.query(ctx, query);
    }

    @MessagePattern(subjects.exists)
    exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
      return this.engine.exists(ctx, ref, query);
    }

    @MessagePattern(subjects.update)
    update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
      return this.engine.update(ctx, ref, update);
    }

    @MessagePattern(subjects.delete)
    delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
      return this.engine.delete(ctx, ref, version);
    }
  }
  return ResourceRpcController;
}

/** `<prefix>.resolve`: the service's resources for a batch of references (reference checks, expansion). */
export function resolveRpcController(subject: string): Type<unknown> {
  @Controller()
  class ResolveRpcController {
    constructor(private readonly registry: ResourceRegistry) {}

    @MessagePattern(subject)
    resolve(@Payload() { ctx, refs }: Rpc<{ refs: ReferenceLookup[] }>) {
      return this.registry.resolve(ctx, Array.isArray(refs) ? refs : []);
    }
  }
  return ResolveRpcController;
}
