import { type ReferenceOwner, ownerOf, resolveSubject, type RequestContext } from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import DataLoader from 'dataloader';

export type ReferenceKey = { typeId: string; id: string } | { typeId: string; key: string };

type Resource = { id: string; key?: string };

const cacheKey = (ref: ReferenceKey) =>
  'id' in ref ? `${ref.typeId}\u0000id\u0000${ref.id}` : `${ref.typeId}\u0000key\u0000${ref.key}`;

/**
 * Nested references of one GraphQL request, batched: every reference asked for in the same tick goes to its
 * owner's `<prefix>.resolve` in one call (a list of 100 Stores and their channels is one call per owner
 * and level), and each one is fetched once per request.
 */
export class ReferenceLoader {
  private readonly loader: DataLoader<ReferenceKey, Resource | null, string>;

  constructor(rpc: RpcClient, ctx: RequestContext) {
    this.loader = new DataLoader(async (refs) => this.batch(rpc, ctx, refs), { cacheKeyFn: cacheKey });
  }

  load(ref: ReferenceKey): Promise<Resource | null> {
    return this.loader.load(ref);
  }

  async loadMany(refs: readonly ReferenceKey[]): Promise<Resource[]> {
    const found = await Promise.all(refs.map((ref) => this.load(ref)));
    return found.filter((resource): resource is Resource => resource !== null);
  }

  private async batch(
    rpc: RpcClient,
    ctx: RequestContext,
    refs: readonly ReferenceKey[],
  ): Promise<(Resource | null)[]> {
    const byOwner = new Map<ReferenceOwner, ReferenceKey[]>();
    for (const ref of refs) {
      const owner = ownerOf(ref.typeId);
      if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), ref]);
    }
    const found = new Map<string, Resource>();
    await Promise.all(
      [...byOwner].map(async ([owner, lookups]) => {
        const resolved = await rpc.send(resolveSubject(owner), {
          ctx,
          refs: lookups,
        });
        for (const { typeId, resource } of resolved) {
          found.set(cacheKey({ typeId, id: resource.id }), resource);
          if (resource.key !== undefined) found.set(cacheKey({ typeId, key: resource.key }), resource);
        }
      }),
    );
    return refs.map((ref) => found.get(cacheKey(ref)) ?? null);
  }
}
