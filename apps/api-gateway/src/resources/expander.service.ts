import { type ReferenceOwner, ownerOf, resolveSubject, type RequestContext } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { expandReferences, parseExpand, referenceKey, type ReferenceKey } from '@commerce/query';
import { Injectable } from '@nestjs/common';

/**
 * Reference expansion: per level, one call per owning service with all of that level's references. A
 * reference that cannot be expanded (unknown type, gone, service failing) is left as it is.
 */
@Injectable()
export class Expander {
  constructor(private readonly rpc: RpcClient) {}

  async expand<T>(ctx: RequestContext, resources: T[], expand: string[]): Promise<T[]> {
    if (expand.length === 0 || resources.length === 0) return resources;
    return expandReferences(resources, parseExpand(expand), (refs) => this.fetch(ctx, refs));
  }

  private async fetch(ctx: RequestContext, refs: ReferenceKey[]): Promise<Map<string, unknown>> {
    const byOwner = new Map<ReferenceOwner, ReferenceKey[]>();
    for (const ref of refs) {
      const owner = ownerOf(ref.typeId);
      if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), ref]);
    }
    const found = new Map<string, unknown>();
    await Promise.all(
      [...byOwner].map(async ([owner, lookups]) => {
        try {
          const resolved = await this.rpc.send(resolveSubject(owner), {
            ctx,
            refs: lookups,
          });
          for (const { typeId, resource } of resolved)
            found.set(referenceKey({ typeId, id: resource.id }), resource);
        } catch {
          // expansion never fails a request
        }
      }),
    );
    return found;
  }
}
