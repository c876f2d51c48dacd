import {
  type ReferenceOwner,
  ownerOf,
  referenceSubjects,
  resolveSubject,
  type ReferenceLookup,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { Injectable, Optional } from '@nestjs/common';
import { ReferenceIntents } from './references/reference-intents.js';

type Found = { id: string; key?: string } & Record<string, unknown>;

/**
 * Resolves ResourceIdentifiers to resources, asking each owning service once for all of its references.
 * Within a referencing write (`ReferenceIntents.scope`), another service's resources that the write's
 * resource refers to across services are reserved rather than merely resolved: an intent is committed here
 * first, then the owner resolves and reserves them (docs/CONSISTENCY.md, "Cross-service references").
 */
@Injectable()
export class ReferenceResolver {
  constructor(
    private readonly rpc: RpcClient,
    @Optional() private readonly intents?: ReferenceIntents,
  ) {}

  /** All found resources, by `typeId:id` and `typeId:key=...`. */
  async lookup(ctx: RequestContext, refs: ReferenceLookup[]): Promise<Map<string, Found>> {
    const byOwner = new Map<ReferenceOwner, ReferenceLookup[]>();
    for (const ref of refs) {
      const owner = ownerOf(ref.typeId);
      if (!owner) continue;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), ref]);
    }
    const found = new Map<string, Found>();
    await Promise.all(
      [...byOwner].map(async ([owner, lookups]) => {
        const reserved = this.intents?.toReserve(lookups) ?? [];
        if (reserved.length > 0) await this.intents!.begin(ctx, reserved);
        const subject = reserved.length > 0 ? referenceSubjects(owner).reserve : resolveSubject(owner);
        const resolved = await this.rpc.send(subject, {
          ctx,
          refs: reserved.length > 0 ? reserved : lookups,
        });
        if (reserved.length > 0 && reserved.length < lookups.length) {
          const rest = lookups.filter((lookup) => !reserved.includes(lookup));
          resolved.push(...(await this.rpc.send(resolveSubject(owner), { ctx, refs: rest })));
        }
        for (const { typeId, resource } of resolved) {
          found.set(`${typeId}:${resource.id}`, resource);
          if (resource.key) found.set(`${typeId}:key=${resource.key}`, resource);
        }
      }),
    );
    return found;
  }

  /**
   * Resolves identifiers of one type in order; a missing one is `ReferencedResourceNotFound` (400).
   */
  async require<R extends Found>(
    ctx: RequestContext,
    typeId: string,
    identifiers: ResourceIdentifier[],
  ): Promise<R[]> {
    if (identifiers.length === 0) return [];
    const refs = identifiers.map((identifier) => ({ typeId, id: identifier.id, key: identifier.key }));
    const found = await this.lookup(ctx, refs);
    return identifiers.map((identifier) => {
      const resource = found.get(
        identifier.id ? `${typeId}:${identifier.id}` : `${typeId}:key=${identifier.key}`,
      );
      if (!resource) {
        throw Errors.referencedResourceNotFound(
          typeId,
          identifier.id ? { id: identifier.id } : { key: identifier.key! },
        );
      }
      return resource as R;
    });
  }
}
