import {
  ownerOf,
  referenceSubjects,
  referencesTo,
  type PendingReferenceQuery,
  type ReferenceLookup,
  type RequestContext,
  type ResolvedReference,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import type { Queryable } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import type { VersionedResource } from '../resource-definition.js';
import type { ResourceRegistry } from '../resource-registry.js';

/** Work for the deletion's transaction, after the row is gone: refuses if a write reserved the target meanwhile. */
export type DeletionCheck = (tx: Queryable) => Promise<void>;

/** A write reserved the target between the deletion's questions and its transaction: ask again. */
export class ReservedMeanwhile extends Error {}

/**
 * The referenced side of the cross-service reference protocol (docs/CONSISTENCY.md). `reserve` resolves the
 * targets of a referencing write under a key-share lock and bumps their reservation generation; a deletion
 * (`guard`) reads the generation, asks every referencing service whether a write is under way and whether a
 * committed reference exists, and in its transaction (whose DELETE waits for reservations under way) checks
 * that the generation did not move.
 */
export class ReferenceReservations {
  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
    private readonly registry: ResourceRegistry,
    private readonly rpc: RpcClient,
  ) {}

  async reserve(
    ctx: RequestContext,
    refs: ReferenceLookup[],
  ): Promise<ResolvedReference<VersionedResource>[]> {
    return this.db.transaction(async (tx) => {
      const found = await this.registry.resolve(ctx, refs, tx, true);
      if (found.length > 0) {
        await tx.query(
          `INSERT INTO ${this.table} (project_key, type_id, target_id, generation)
           SELECT $1, type_id, target_id, 1 FROM unnest($2::text[], $3::text[]) AS t(type_id, target_id)
           ON CONFLICT (project_key, type_id, target_id)
           DO UPDATE SET generation = ${this.table}.generation + 1`,
          [ctx.projectKey, found.map((f) => f.typeId), found.map((f) => f.resource.id)],
        );
      }
      return found;
    });
  }

  /**
   * Refuses with `ReferenceExists` when a resource of another service refers to this one or a write that
   * will is under way; otherwise returns the check for the deletion's transaction. Undefined for types no
   * other service refers to.
   */
  async guard(
    ctx: RequestContext,
    typeId: string,
    resource: VersionedResource,
  ): Promise<DeletionCheck | undefined> {
    const rules = referencesTo(typeId);
    if (rules.length === 0) return undefined;
    const seen = await this.generation(this.db, ctx, typeId, resource.id);
    const target: PendingReferenceQuery = {
      typeId,
      id: resource.id,
      ...(resource.key ? { key: resource.key } : {}),
    };
    for (const rule of rules) {
      const owner = ownerOf(rule.from);
      if (!owner) continue;
      // First writes under way, then committed references: a write that commits in between is seen by the second.
      const pending = await this.rpc.send(referenceSubjects(owner).pending, { ctx, target });
      const committed =
        pending ||
        (await this.rpc.send(rule.exists, {
          ctx: { ...ctx, storeKey: undefined },
          query: {
            where: rule.where,
            ...(rule.where.includes(':id') ? { 'var.id': resource.id } : {}),
            ...(rule.where.includes(':key') ? { 'var.key': resource.key ?? '' } : {}),
          },
        }));
      if (committed) throw Errors.referenceExists(typeId, rule.from);
    }
    return async (tx) => {
      if ((await this.generation(tx, ctx, typeId, resource.id)) !== seen) throw new ReservedMeanwhile();
      await tx.query(`DELETE FROM ${this.table} WHERE project_key = $1 AND type_id = $2 AND target_id = $3`, [
        ctx.projectKey,
        typeId,
        resource.id,
      ]);
    };
  }

  private async generation(db: Queryable, ctx: RequestContext, typeId: string, id: string): Promise<number> {
    const rows = await db.query<Array<{ generation: string }>>(
      `SELECT generation FROM ${this.table} WHERE project_key = $1 AND type_id = $2 AND target_id = $3`,
      [ctx.projectKey, typeId, id],
    );
    return Number(rows[0]?.generation ?? 0);
  }

  private get table(): string {
    return `"${this.schema}"."reference_reservations"`;
  }
}
