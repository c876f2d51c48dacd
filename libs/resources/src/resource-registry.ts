import type { ReferenceLookup, RequestContext, ResolvedReference } from '@commerce/contracts';
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

  async resolve(
    ctx: RequestContext,
    refs: ReferenceLookup[],
  ): Promise<ResolvedReference<VersionedResource>[]> {
    const found = await Promise.all(
      this.engines.map(async (engine) =>
        (await engine.resolve(ctx, refs)).map((resource) => ({ typeId: engine.definition.typeId, resource })),
      ),
    );
    return found.flat();
  }
}
