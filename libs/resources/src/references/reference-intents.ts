import { isCrossServiceReference, type ReferenceLookup, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** An intent outlives a write under way by far; a crashed writer's intent blocks a deletion this long at most. */
export const INTENT_LIFETIME_SECONDS = 60;

/** The write under way in this async context: which resource type refers, and its committed intents. */
interface Scope {
  owner: ReferenceIntents;
  referrer: string;
  ids: string[];
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * The referencing side of the cross-service reference protocol (docs/CONSISTENCY.md). A write that is about
 * to refer to another service's resource first commits an intent naming the target (`begin`, called by the
 * ReferenceResolver within `scope`), then has the owner reserve it, then consumes the intent in the
 * transaction that writes the reference (`consume`): a deletion of the target that asks `pending` sees either
 * the intent or the committed reference. An expired intent is deleted by `pending` under its row lock; a write
 * whose intent was deleted fails instead of committing.
 */
export class ReferenceIntents {
  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
  ) {}

  /** Runs a write of a `referrer` resource; intents it did not consume are deleted afterwards. */
  async scope<T>(referrer: string, work: () => Promise<T>): Promise<T> {
    const scope: Scope = { owner: this, referrer, ids: [] };
    try {
      return await scopes.run(scope, work);
    } finally {
      if (scope.ids.length > 0) await this.release(scope.ids);
    }
  }

  /** The refs that the current write must reserve (cross-service references of its resource), if any. */
  toReserve(refs: ReferenceLookup[]): ReferenceLookup[] {
    const scope = scopes.getStore();
    if (scope?.owner !== this) return [];
    return refs.filter((ref) => isCrossServiceReference(scope.referrer, ref.typeId));
  }

  /** Commits an intent per target before the owner is asked to reserve them. */
  async begin(ctx: RequestContext, refs: ReferenceLookup[]): Promise<void> {
    const scope = scopes.getStore();
    if (scope?.owner !== this || refs.length === 0) return;
    const ids = refs.map(() => randomUUID());
    await this.db.query(
      `INSERT INTO ${this.table} (id, project_key, type_id, target_id, target_key, expires_at)
       SELECT id, $1, type_id, target_id, target_key, clock_timestamp() + make_interval(secs => $6)
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS t(id, type_id, target_id, target_key)`,
      [
        ctx.projectKey,
        ids,
        refs.map((ref) => ref.typeId),
        refs.map((ref) => ref.id ?? null),
        refs.map((ref) => ref.key ?? null),
        INTENT_LIFETIME_SECONDS,
      ],
    );
    scope.ids.push(...ids);
  }

  /**
   * In the transaction that writes the references: deletes the write's intents. One that is gone expired and
   * was swept by a deletion's question, which then did not count it: the write must not commit.
   */
  static async consume(tx: Queryable): Promise<void> {
    const scope = scopes.getStore();
    if (!scope || scope.ids.length === 0) return;
    const rows = await tx.query<unknown[]>(
      `WITH gone AS (DELETE FROM ${scope.owner.table} WHERE id = ANY($1::uuid[]) RETURNING 1) SELECT * FROM gone`,
      [scope.ids],
    );
    if (rows.length !== scope.ids.length) {
      throw Errors.serviceUnavailable(
        'The check of the referenced resources expired before the write; try again.',
      );
    }
    scope.ids = [];
  }

  /** Whether the current write holds intents (its write must then go through a transaction). */
  static pending(): boolean {
    return (scopes.getStore()?.ids.length ?? 0) > 0;
  }

  /**
   * Whether a write referring to the target is under way here: expired intents for it are deleted first
   * (under their row locks, so a write consuming one either committed before or fails after).
   */
  async pendingFor(
    ctx: RequestContext,
    target: { typeId: string; id: string; key?: string },
  ): Promise<boolean> {
    const match = `project_key = $1 AND type_id = $2 AND (target_id = $3 OR target_key = $4)`;
    const args = [ctx.projectKey, target.typeId, target.id, target.key ?? null];
    await this.db.query(`DELETE FROM ${this.table} WHERE ${match} AND expires_at <= clock_timestamp()`, args);
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM ${this.table} WHERE ${match} LIMIT 1`, args);
    return rows.length > 0;
  }

  private async release(ids: string[]): Promise<void> {
    await this.db.query(`DELETE FROM ${this.table} WHERE id = ANY($1::uuid[])`, [ids]).catch(() => undefined); // an intent left behind expires
  }

  private get table(): string {
    return `"${this.schema}"."reference_intents"`;
  }
}
