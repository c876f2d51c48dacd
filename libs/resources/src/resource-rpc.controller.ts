import { Handles } from '@commerce/messaging';
import type {
  EngineResources,
  ReferenceLookup,
  ReferenceOwner,
  ResourceDescriptor,
  ResourcePrefix,
  ResponseOf,
  Rpc,
} from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { ResourceEngine } from './resource-engine.js';
import { ResourceRegistry } from './resource-registry.js';

type Engine = ResourceEngine<EngineResources[ResourcePrefix], object>;

/**
 * The RPC face of one resource, derived from its descriptor: each subject handed to its engine, which
 * validates what arrives.
 */
export function resourceRpcController(
  resource: ResourceDescriptor,
  engineToken: string | symbol,
): Type<unknown> {
  const { subjects } = resource;
  @Controller()
  class ResourceRpcController {
    constructor(@Inject(engineToken) private readonly engine: Engine) {}

    @Handles(subjects.create)
    create(@Payload() { ctx, draft }: Rpc<{ draft: unknown }>) {
      return this.engine.create(ctx, draft);
    }

    @Handles(subjects.get)
    get(@Payload() { ctx, ref }: Rpc<{ ref: unknown }>) {
      return this.engine.get(ctx, ref);
    }

    @Handles(subjects.query)
    query(@Payload() { ctx, query }: Rpc<{ query?: RawQuery }>) {
      // A page of this descriptor's resource type: the engine is generic over the type, the contract names it.
      return this.engine.query(ctx, query) as Promise<ResponseOf<typeof subjects.query>>;
    }

    @Handles(subjects.exists)
    exists(@Payload() { ctx, ref, query }: Rpc<{ ref?: unknown; query?: RawQuery }>) {
      return this.engine.exists(ctx, ref, query);
    }

    @Handles(subjects.update)
    update(@Payload() { ctx, ref, update }: Rpc<{ ref: unknown; update: unknown }>) {
      return this.engine.update(ctx, ref, update);
    }

    @Handles(subjects.delete)
    delete(@Payload() { ctx, ref, version }: Rpc<{ ref: unknown; version: unknown }>) {
      return this.engine.delete(ctx, ref, version);
    }
  }
  return ResourceRpcController;
}

/** `<prefix>.resolve`: the service's resources for a batch of references (reference checks, expansion). */
export function resolveRpcController(subject: `${ReferenceOwner}.resolve`): Type<unknown> {
  @Controller()
  class ResolveRpcController {
    constructor(private readonly registry: ResourceRegistry) {}

    @Handles(subject)
    resolve(@Payload() { ctx, refs }: Rpc<{ refs: ReferenceLookup[] }>) {
      return this.registry.resolve(ctx, Array.isArray(refs) ? refs : []);
    }
  }
  return ResolveRpcController;
}
