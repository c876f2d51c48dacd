import type { ReferenceLookup, RequestContext, ResolvedReference } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import type { ResourceEngine } from './resource-engine.js';
import type { VersionedResource } from './resource-definition.js';

type AnyEngine = ResourceEngine<VersionedResource, object>;

/** The engines of one service: its `<prefix>.resolve` handler asks each of them. */
@Injectable()
export class ResourceRegistry {
  private readonly engines: AnyEngine[] = [];

  add(engine: AnyEngine): void {
    this.engines.push(engine);
  }

  /** The resources named; within a transaction `lock` takes a key-share lock on each (one after the other). */
  async resolve(
    ctx: RequestContext,
    refs: ReferenceLookup[],
    db?: Queryable,
    lock = false,
  ): Promise<ResolvedReference<VersionedResource>[]> {
    const found: ResolvedReference<VersionedResource>[][] = [];
    if (db) {
      for (const engine of this.engines) found.push(await this.of(engine, ctx, refs, db, lock));
    } else {
      found.push(...(await Promise.all(this.engines.map((engine) => this.of(engine, ctx, refs)))));
    }
    return found.flat();
  }

  private async of(
    engine: AnyEngine,
    ctx: RequestContext,
    refs: ReferenceLookup[],
    db?: Queryable,
    lock = false,
  ): Promise<ResolvedReference<VersionedResource>[]> {
    const resources = await engine.resolve(ctx, refs, db, lock);
    return resources.map((resource) => ({ typeId: engine.definition.typeId, resource }));
  }
}
