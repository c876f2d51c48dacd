import {
  idOrKeyOf,
  versionOf,
  type IdOrKey,
  UpdateRequestDto,
  clientLogging,
  type PagedQueryResponse,
  type ReferenceLookup,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { assertBeforeDeadline } from '@commerce/messaging';
import type { Queryable } from '@commerce/persistence';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MessageLog, MessageSubject } from './messages/message-log.js';
import type { CommitContext, ResourceDefinition, VersionedResource } from './resource-definition.js';
import { ReferenceIntents } from './references/reference-intents.js';
import { type ReferenceReservations, ReservedMeanwhile } from './references/reference-reservations.js';
import { applyExtensions } from './extensions/extension-actions.js';
import type { WriteExtensions } from './extensions/extension-calls.js';
import { checkDocumentedActions, parseActions, type ParsedAction } from './update-actions.js';
import { RecentWrites } from './recent-writes.js';
import { StaleDocument, applyVersionedUpdate, lostRace, type VersionedStore } from './versioned-update.js';

export type ResourceRef = IdOrKey;

/** How often a deletion asks the referencing services again when writes keep reserving the resource. */
const DELETE_ATTEMPTS = 5;

/** Told after a resource with a key was created (catalog-service announces it to the import). */
export type CreationAnnouncer = (ctx: RequestContext, typeId: string, key: string) => Promise<void>;

/**
 * The shared life of a versioned resource: create, read, query, versioned partial update and delete, each
 * in one transaction with its Messages. A resource type supplies only its definition.
 */
/**
 * What a caller read of a resource before its update: the copy `remembered` gave (`remembered: true`; the
 * engine falls back to the table if it turns out stale), or the document read from the table.
 */
export interface PriorRead<T> {
  doc: T;
  remembered: boolean;
}

export class ResourceEngine<T extends VersionedResource, D extends object> {
  private readonly logger = new Logger(ResourceEngine.name);
  /** What this process committed last: an update at that version skips the read (RecentWrites). */
  private readonly recent = new RecentWrites<T>();

  constructor(
    private readonly db: DataSource,
    private readonly messages: MessageLog,
    readonly definition: ResourceDefinition<T, D>,
    private readonly announce?: CreationAnnouncer,
    private readonly references?: { intents: ReferenceIntents; reservations: ReferenceReservations },
    /** Calls the project's API Extensions inside creates and updates (for the types extensions may trigger on). */
    private readonly extensions?: WriteExtensions,
  ) {
    if (!definition.internalActions) checkDocumentedActions(definition.typeId, definition.actions);
  }

  /** Runs a write whose cross-service references are reserved (docs/CONSISTENCY.md). */
  private referring<R>(work: () => Promise<R>): Promise<R> {
    return this.references ? this.references.intents.scope(this.definition.typeId, work) : work();
  }

  create(ctx: RequestContext, rawDraft: unknown): Promise<T> {
    return this.referring(() => this.createReferring(ctx, rawDraft));
  }

  /** The new resource a draft builds, before its API Extensions and unwritten (a create, or a dry run's answer). */
  async built(ctx: RequestContext, draft: D): Promise<T> {
    const fields = await this.definition.build(draft, { ctx, db: this.db });
    const now = new Date().toISOString();
    const logging = clientLogging(ctx.actor);
    return {
      id: randomUUID(),
      version: 1,
      ...fields,
      createdAt: now,
      lastModifiedAt: now,
      createdBy: logging,
      lastModifiedBy: logging,
    } as unknown as T;
  }

  private async createReferring(ctx: RequestContext, rawDraft: unknown): Promise<T> {
    const draft = parseDto(this.definition.draft, rawDraft);
    const resource = await this.extended(ctx, await this.built(ctx, draft));
    const writer = await this.messages.writer(ctx);
    const created = this.definition.createdMessage?.(resource);
    const { table } = this.definition;
    const messages = created ? [created] : [];
    const sideWrite = this.definition.createWrite?.(resource, draft, { ctx, db: this.db });
    if (!sideWrite && table.writesAreSingleStatements && writer.followUp && !ReferenceIntents.pending()) {
      // One statement, atomic by itself: the row and its Message in one round trip.
      assertBeforeDeadline(ctx);
      await table.insert(
        this.db,
        ctx.projectKey,
        resource,
        writer.followUp(this.subject(resource), messages),
      );
    } else {
      await this.db.transaction(async (tx) => {
        await ReferenceIntents.consume(tx);
        await table.insert(tx, ctx.projectKey, resource);
        if (sideWrite) await sideWrite(tx, writer);
        await writer.append(tx, this.subject(resource), messages);
        assertBeforeDeadline(ctx);
      });
    }
    this.recent.remember(ctx.projectKey, resource);
    await this.notify(resource, { ctx, change: 'created' });
    if (this.announce && resource.key) {
      await this.announce(ctx, this.definition.typeId, resource.key).catch((error: unknown) =>
        this.logger.warn(`announcing the new ${this.definition.typeId} failed: ${String(error)}`),
      );
    }
    return resource;
  }

  /**
   * The resource as the extensions made it: their update actions applied before it is first written (their
   * Messages are not kept: the created Message shows the result).
   */
  private async extended(ctx: RequestContext, resource: T): Promise<T> {
    if (!this.extensions) return resource;
    const applied = await applyExtensions(
      this.extensionPoint(this.extensions),
      ctx,
      'Create',
      { resource, messages: [], writes: [], changed: false },
      { ctx, db: this.db },
    );
    if (applied.writes.length > 0) {
      throw Errors.invalidOperation('An extension returned an action that can not be applied on creation.');
    }
    return applied.resource;
  }

  private extensionPoint(calls: WriteExtensions) {
    return { calls, typeId: this.definition.typeId, actions: this.definition.actions };
  }

  async get(ctx: RequestContext, ref: unknown): Promise<T> {
    const resource = await this.find(ctx, ref);
    if (!resource) throw Errors.resourceNotFound(ref as ResourceRef);
    return resource;
  }

  find(ctx: RequestContext, ref: unknown, db: Queryable = this.db): Promise<T | undefined> {
    const named = idOrKeyOf(ref);
    const { table } = this.definition;
    return 'id' in named
      ? table.findById(db, ctx.projectKey, named.id)
      : table.findByKey(db, ctx.projectKey, named.key);
  }

  query(ctx: RequestContext, raw: RawQuery | undefined): Promise<PagedQueryResponse<T>> {
    return this.definition.table.query(this.db, ctx.projectKey, parseQueryParams(raw ?? {}));
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery | undefined): Promise<boolean> {
    if (ref !== undefined && ref !== null) return (await this.find(ctx, ref)) !== undefined;
    const params = parseQueryParams(raw ?? {});
    return this.definition.table.existsWhere(this.db, ctx.projectKey, params.where, params.vars);
  }

  /** Resources of this type by ids and keys, for reference resolution, reservation and expansion. */
  async resolve(
    ctx: RequestContext,
    refs: ReferenceLookup[],
    db: Queryable = this.db,
    lock = false,
  ): Promise<T[]> {
    const mine = (refs ?? []).filter((ref) => ref?.typeId === this.definition.typeId);
    if (mine.length === 0) return [];
    return this.definition.table.findMany(
      db,
      ctx.projectKey,
      {
        ids: mine.flatMap((ref) => (typeof ref.id === 'string' ? [ref.id] : [])),
        keys: mine.flatMap((ref) => (typeof ref.key === 'string' ? [ref.key] : [])),
      },
      lock,
    );
  }

  /**
   * Applies all actions in order, all or nothing, then writes in one short transaction. The version rises
   * only if something changed; the expected version is checked in the UPDATE itself, so of two concurrent
   * writers exactly one wins. `read`: what the caller already read of `ref` (see `remembered`).
   */
  update(ctx: RequestContext, ref: unknown, rawUpdate: unknown, read?: PriorRead<T>): Promise<T> {
    return this.referring(() => this.updateReferring(ctx, ref, rawUpdate, read));
  }

  /**
   * What this process committed last of `ref`, if it is at `version` (RecentWrites; the object itself, never
   * to be changed): a caller that must look at the resource before its update (checkout's carts) reads it from
   * here first, and from the table only when this has none, then hands what it read to `update` (`read`,
   * saying where it came from), so an update reads (and parses) at most once.
   */
  remembered(ctx: RequestContext, ref: unknown, version: number): T | undefined {
    return this.recent.at(ctx.projectKey, idOrKeyOf(ref), version);
  }

  private async updateReferring(
    ctx: RequestContext,
    ref: unknown,
    rawUpdate: unknown,
    read?: PriorRead<T>,
  ): Promise<T> {
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const actions = parseActions(this.definition.actions, update.actions);
    const remembered =
      read?.remembered && read.doc.version === update.version
        ? read.doc
        : this.recent.at(ctx.projectKey, idOrKeyOf(ref), update.version);
    if (remembered) {
      try {
        return await this.committed(ctx, remembered, update.version, actions, true);
      } catch (error) {
        if (!(error instanceof StaleDocument)) throw error;
        // Someone else wrote it since: what is stored decides (a 409, a 404, or another document by that key).
        this.recent.forget(ctx.projectKey, remembered);
      }
    }
    const stored = read && !read.remembered ? read.doc : await this.get(ctx, ref);
    return this.committed(ctx, stored, update.version, actions, false);
  }

  private async committed(
    ctx: RequestContext,
    current: T,
    version: number,
    actions: ParsedAction<T>[],
    remembered: boolean,
  ): Promise<T> {
    const next = await applyVersionedUpdate(this.store, ctx, current, version, actions, remembered);
    if (next === current) return current;
    this.recent.remember(ctx.projectKey, next);
    await this.notify(next, { ctx, change: 'updated', previous: current });
    return next;
  }

  async delete(ctx: RequestContext, ref: unknown, rawVersion: unknown): Promise<T> {
    const version = versionOf(rawVersion);
    for (let attempt = 1; ; attempt++) {
      try {
        const deleted = await this.deleteOnce(ctx, ref, version);
        this.recent.forget(ctx.projectKey, deleted);
        await this.notify(deleted, { ctx, change: 'deleted' });
        return deleted;
      } catch (error) {
        if (!(error instanceof ReservedMeanwhile)) throw error;
        // A write reserved it while the referencing services were asked: ask them again.
        if (attempt === DELETE_ATTEMPTS) {
          throw Errors.serviceUnavailable('The resource is being referenced right now; try again.');
        }
      }
    }
  }

  private async deleteOnce(ctx: RequestContext, ref: unknown, version: number): Promise<T> {
    const current = await this.get(ctx, ref);
    if (current.version !== version)
      throw Errors.concurrentModification(current.id, version, current.version);
    const referenced = await this.references?.reservations.guard(ctx, this.definition.typeId, current);
    const cascade = await this.definition.beforeDelete?.(current, { ctx, db: this.db });
    const writer = await this.messages.writer(ctx);
    return this.db.transaction(async (tx) => {
      // The Message first: its number comes from the row, which the delete then removes (at the same
      // version, so `current` is what is deleted; if the version moved on, the delete fails and all rolls back).
      const message = this.definition.deletedMessage?.(current);
      await writer.append(tx, { ...this.subject(current), version: version + 1 }, message ? [message] : []);
      const gone = await this.definition.table.delete(tx, ctx.projectKey, current.id, version);
      if (!gone) throw await this.conflict(ctx, current.id, version);
      if (referenced) await referenced(tx);
      if (cascade) await cascade(tx, writer);
      assertBeforeDeadline(ctx);
      return gone;
    });
  }

  /** The error for a write that lost a race: 409 with the version now stored, or 404 if it is gone. */
  private conflict(ctx: RequestContext, id: string, expected: number): Promise<Error> {
    return lostRace(this.store, ctx, id, expected);
  }

  private get store(): VersionedStore<T> {
    return {
      db: this.db,
      table: this.definition.table,
      messages: this.messages,
      subject: (resource) => this.subject(resource),
      ...(this.extensions ? { extensions: this.extensionPoint(this.extensions) } : {}),
    };
  }

  private async notify(resource: T, commit: CommitContext<T>): Promise<void> {
    try {
      await this.definition.afterCommit?.(resource, commit);
    } catch (error) {
      this.logger.warn(`after-commit hook of ${this.definition.typeId} failed: ${String(error)}`);
    }
  }

  private subject(resource: T): MessageSubject {
    const identifiers =
      this.definition.identifiers?.(resource) ?? (resource.key ? { key: resource.key } : undefined);
    const { typeId, table } = this.definition;
    return { typeId, id: resource.id, version: resource.version, identifiers, table: table.table };
  }
}
