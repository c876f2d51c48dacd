import {
  UpdateRequestDto,
  clientLogging,
  type MessagePayload,
  type PagedQueryResponse,
  type ReferenceLookup,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { parseQueryParams, type RawQuery } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MessageLog, MessageSubject } from './messages/message-log.js';
import type { ResourceDefinition, VersionedResource } from './resource-definition.js';
import { parseActions } from './update-actions.js';

export type ResourceRef = { id: string } | { key: string };

function isRef(value: unknown): value is ResourceRef {
  const ref = value as { id?: unknown; key?: unknown } | null;
  return (typeof ref?.id === 'string') !== (typeof ref?.key === 'string');
}

/** Same JSON, ignoring key order: JSONB does not keep it. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The shared life of a versioned resource: create, read, query, versioned partial update and delete, each
 * in one transaction with its Messages. A resource type supplies only its definition.
 */
export class ResourceEngine<T extends VersionedResource, D extends object> {
  private readonly logger = new Logger(ResourceEngine.name);

  constructor(
    private readonly db: DataSource,
    private readonly messages: MessageLog,
    readonly definition: ResourceDefinition<T, D>,
  ) {}

  async create(ctx: RequestContext, rawDraft: unknown): Promise<T> {
    const draft = parseDto(this.definition.draft, rawDraft);
    return this.committed(ctx, async (tx) => {
      const fields = await this.definition.build(draft, { ctx, tx });
      const now = new Date().toISOString();
      const logging = clientLogging(ctx.actor);
      const resource = {
        id: randomUUID(),
        version: 1,
        ...fields,
        createdAt: now,
        lastModifiedAt: now,
        createdBy: logging,
        lastModifiedBy: logging,
      } as unknown as T;
      await this.definition.table.insert(tx, ctx.projectKey, resource);
      const created = this.definition.createdMessage?.(resource);
      await this.messages.append(tx, ctx, this.subject(resource), created ? [created] : []);
      return resource;
    });
  }

  async get(ctx: RequestContext, ref: unknown): Promise<T> {
    const resource = await this.find(ctx, ref);
    if (!resource) throw Errors.resourceNotFound(ref as ResourceRef);
    return resource;
  }

  find(ctx: RequestContext, ref: unknown, db: Queryable = this.db): Promise<T | undefined> {
    if (!isRef(ref)) throw Errors.invalidInput('Either an id or a key is required.');
    const { table } = this.definition;
    return 'id' in ref ? table.findById(db, ctx.projectKey, ref.id) : table.findByKey(db, ctx.projectKey, ref.key);
  }

  query(ctx: RequestContext, raw: RawQuery | undefined): Promise<PagedQueryResponse<T>> {
    return this.definition.table.query(this.db, ctx.projectKey, parseQueryParams(raw ?? {}));
  }

  async exists(ctx: RequestContext, ref: unknown, raw: RawQuery | undefined): Promise<boolean> {
    if (ref !== undefined && ref !== null) return (await this.find(ctx, ref)) !== undefined;
    const params = parseQueryParams(raw ?? {});
    return this.definition.table.existsWhere(this.db, ctx.projectKey, params.where, params.vars);
  }

  /** Resources of this type by ids and keys, for reference resolution and expansion. */
  async resolve(ctx: RequestContext, refs: ReferenceLookup[]): Promise<T[]> {
    const mine = (refs ?? []).filter((ref) => ref?.typeId === this.definition.typeId);
    if (mine.length === 0) return [];
    return this.definition.table.findMany(this.db, ctx.projectKey, {
      ids: mine.flatMap((ref) => (typeof ref.id === 'string' ? [ref.id] : [])),
      keys: mine.flatMap((ref) => (typeof ref.key === 'string' ? [ref.key] : [])),
    });
  }

  /**
   * Applies all actions in order, all or nothing. The version rises only if something changed; the
   * expected version is checked both on the locked row and in the UPDATE itself.
   */
  async update(ctx: RequestContext, ref: unknown, rawUpdate: unknown): Promise<T> {
    const update = parseDto(UpdateRequestDto, rawUpdate);
    const actions = parseActions(this.definition.actions, update.actions);
    let unchanged = false;
    const result = await this.db.transaction(async (tx) => {
      const current = await this.locked(ctx, ref, tx);
      if (current.version !== update.version) {
        throw Errors.concurrentModification(current.id, update.version, current.version);
      }
      let resource = current;
      const messages: MessagePayload[] = [];
      for (const { handler, action } of actions) {
        const outcome = await handler.apply(resource, action, { ctx, tx });
        if (!sameJson(outcome.resource, resource)) {
          resource = outcome.resource;
          messages.push(...(outcome.messages ?? []));
        }
      }
      if (sameJson(resource, current)) {
        unchanged = true;
        return current;
      }
      const next = {
        ...resource,
        version: current.version + 1,
        lastModifiedAt: new Date().toISOString(),
        lastModifiedBy: clientLogging(ctx.actor),
      } as T;
      if (!(await this.definition.table.replace(tx, ctx.projectKey, next, current.version))) {
        throw Errors.concurrentModification(current.id, update.version, current.version + 1);
      }
      await this.messages.append(tx, ctx, this.subject(next), messages);
      return next;
    });
    if (!unchanged) await this.notify(result, ctx);
    return result;
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<T> {
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
      throw Errors.invalidInput("Missing or malformed parameter 'version'.");
    }
    return this.committed(ctx, async (tx) => {
      const current = await this.locked(ctx, ref, tx);
      if (current.version !== version) throw Errors.concurrentModification(current.id, version, current.version);
      await this.definition.beforeDelete?.(current, { ctx, tx });
      const deleted = await this.definition.table.delete(tx, ctx.projectKey, current.id, version);
      if (!deleted) throw Errors.concurrentModification(current.id, version, current.version);
      const message = this.definition.deletedMessage?.(deleted);
      await this.messages.append(tx, ctx, { ...this.subject(deleted), version: deleted.version + 1 }, message ? [message] : []);
      return deleted;
    });
  }

  /** Runs a write in a transaction, then the definition's after-commit hook. */
  private async committed(ctx: RequestContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const resource = await this.db.transaction(work);
    await this.notify(resource, ctx);
    return resource;
  }

  private async notify(resource: T, ctx: RequestContext): Promise<void> {
    try {
      await this.definition.afterCommit?.(resource, { ctx });
    } catch (error) {
      this.logger.warn(`after-commit hook of ${this.definition.typeId} failed: ${String(error)}`);
    }
  }

  private async locked(ctx: RequestContext, ref: unknown, tx: Queryable): Promise<T> {
    const found = await this.find(ctx, ref, tx);
    const current = found && (await this.definition.table.findForUpdate(tx, ctx.projectKey, found.id));
    if (!current) throw Errors.resourceNotFound(ref as ResourceRef);
    return current;
  }

  private subject(resource: T): MessageSubject {
    const identifiers = this.definition.identifiers?.(resource) ?? (resource.key ? { key: resource.key } : undefined);
    return { typeId: this.definition.typeId, id: resource.id, version: resource.version, identifiers };
  }
}
