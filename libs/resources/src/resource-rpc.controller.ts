import { Handles } from '@commerce/messaging';
import type {
  Descriptor,
  PagedQueryResponse,
  ReferenceLookup,
  ReferenceOwner,
  RequestContext,
  ResourceSubjects,
  ResponseOf,
  Rpc,
  VersionedPrefix,
} from '@commerce/contracts';
import type { RawQuery } from '@commerce/query';
import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ResourceRegistry } from './resource-registry.js';

type Answer<O extends 'create' | 'get' | 'update' | 'delete'> = ResponseOf<`${VersionedPrefix}.${O}`>;

/**
 * What answers the six subjects of a versioned resource, as they come off the wire (unvalidated): the
 * engine (`ResourceEngine`), or an owner with the same calls (auth-service's customers).
 */
export interface ResourceHandlers {
  create(ctx: RequestContext, draft: unknown): Promise<Answer<'create'>>;
  get(ctx: RequestContext, ref: unknown): Promise<Answer<'get'>>;
  query(ctx: RequestContext, query: RawQuery | undefined): Promise<PagedQueryResponse<Answer<'get'>>>;
  exists(ctx: RequestContext, ref: unknown, query: RawQuery | undefined): Promise<boolean>;
  update(ctx: RequestContext, ref: unknown, update: unknown): Promise<Answer<'update'>>;
  delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<Answer<'delete'>>;
}

/**
 * The RPC face of one resource, derived from its descriptor: each subject handed to its handlers (the
 * engine, provided under `handlersToken`), which validate what arrives.
 */
export function resourceRpcController(
  resource: Descriptor & { subjects: ResourceSubjects<VersionedPrefix> },
  handlersToken: string | symbol | Type<ResourceHandlers>,
): Type<unknown> {
  const { subjects } = resource;
  @Controller()
  class ResourceRpcController {
    constructor(@Inject(handlersToken) private readonly engine: ResourceHandlers) {}

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
